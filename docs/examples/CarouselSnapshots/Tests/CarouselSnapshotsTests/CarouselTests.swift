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

    @Test func aFrameThatMovedFailsWithPixelmatchsSummary() throws {
        let verdict = try verifySnapshot(carousel, atOffset: 150, named: "carousel-120", in: Self.baselines)
        guard case .differs(let summary, _, _) = verdict else {
            Issue.record("expected a difference, got \(verdict)")
            return
        }
        #expect(summary.contains("pixels differ"))
    }
}
