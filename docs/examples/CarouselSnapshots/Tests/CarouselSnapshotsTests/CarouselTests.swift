import CarouselSnapshots
import Foundation
import GalleryRender
import Testing

/// The carousel of gallery-render's demo photos, checked against a baseline recorded on purpose
/// (`gallery-render --width 240 --height 110 --offset 120 Fixtures/photos -o __Snapshots__/carousel-120.png`).
@Suite(.serialized) struct CarouselTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let baselines = here.appendingPathComponent("__Snapshots__")
    /// The demo photos of the checkout this example lives in.
    static let photos: [Photo] = {
        let folder = here.appendingPathComponent("../../../../../Fixtures/photos").standardizedFileURL
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".jpg") }.sorted { $0.compare($1, options: .numeric) == .orderedAscending }
            .map { .file(folder.appendingPathComponent($0)) }
    }()

    let carousel = Snapshot(viewport: Size(width: 240, height: 110), photos: photos)

    @Test func theCarouselAtOffset120MatchesItsBaseline() throws {
        #expect(try verifySnapshot(carousel, atOffset: 120, named: "carousel-120", in: Self.baselines) == .matches)
    }

    /// iCarousel's cover flow of 120×70 cards (`gallery-render --layout coverflow --width 260 --height 150
    /// --item-size 120x70 --shape rounded --corner-radius 10 --offset 240 Fixtures/photos`).
    @Test func theCoverFlowMatchesItsBaseline() throws {
        let cards = Snapshot(
            layout: .carousel(CarouselLayout(type: .coverflow, itemSize: Size(width: 120, height: 70))),
            viewport: Size(width: 260, height: 150), photos: Self.photos,
            style: ItemStyle(shape: .rounded(cornerRadius: 10)))
        #expect(try verifySnapshot(cards, atOffset: 240, named: "coverflow-240", in: Self.baselines) == .matches)
    }

    @Test func aFrameThatMovedFailsWithPixelmatchsSummary() throws {
        let verdict = try verifySnapshot(carousel, atOffset: 150, named: "carousel-120", in: Self.baselines)
        guard case .differs(let summary, _, _) = verdict else {
            Issue.record("expected a difference, got \(verdict)")
            return
        }
        #expect(summary.contains("pixels differ"))
    }
}
