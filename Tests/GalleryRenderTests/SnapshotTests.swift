import Foundation
import GalleryRender
import ImageCodecs
import TestSupport
import Testing

/// The library renders what the command line renders, byte for byte, and reports errors as values.
@Suite struct SnapshotTests {
    static let photos = Corpus.repositoryRoot.appendingPathComponent("Fixtures/photos")
    static var urls: [URL] {
        ((try? FileManager.default.contentsOfDirectory(atPath: photos.path)) ?? []).filter { $0.hasSuffix(".jpg") }
            .sorted { $0.compare($1, options: .numeric) == .orderedAscending }.map { photos.appendingPathComponent($0) }
    }

    @Test func aFrameIsTheCommandLinesFrame() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let snapshot = Snapshot(
            viewport: Size(width: 375, height: 200), photos: Self.urls.map(Photo.file), displayScale: 2)
        let png = try snapshot.png(atOffset: 120)
        let run = try CommandRunner.run(
            [
                "--width", "375", "--offset", "120", "--display-scale", "2", Self.photos.path, "-o",
                folder.file("cli.png"),
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(png == (try ImageDecoder.readBytes(atPath: folder.file("cli.png"))))
    }

    @Test func aDisplayP3FrameIsTheCommandLinesToo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let p3 = ColorScience.displayP3(fromSRGB: ColorScience.colourfulImage(width: 300, height: 200))
        let photo = try folder.write(try PNGEncoder.encode(p3, colorSpace: .displayP3), to: "p3.png")
        for space in ColorSpace.allCases {
            let snapshot = Snapshot(
                viewport: Size(width: 375, height: 200), photos: [.file(URL(fileURLWithPath: photo))], colorSpace: space
            )
            let png = try snapshot.png()
            let run = try CommandRunner.run([
                "--width", "375", "--color-space", space.rawValue, photo, "-o", folder.file("cli.png"),
            ])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(png == (try ImageDecoder.readBytes(atPath: folder.file("cli.png"))), "\(space)")
        }
    }

    @Test func anAnimationIsTheCommandLinesAnimation() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let snapshot = Snapshot(
            viewport: Size(width: 200, height: 120), itemCount: 8, photos: Self.urls.map(Photo.file),
            snap: Scene.Snap())
        let apng = try snapshot.apng(.fling(velocity: 900), fps: 20)
        let run = try CommandRunner.run(
            [
                "animate", "--width", "200", "--height", "120", "--count", "8", "--snap", "--fling", "900", "--fps",
                "20", Self.photos.path, "-o", folder.file("cli.png"),
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(apng == (try ImageDecoder.readBytes(atPath: folder.file("cli.png"))))
    }

    @Test func photosGivenAsPixelsAreDrawn() throws {
        let red = RGBAImage(
            width: 4, height: 4,
            pixels: [UInt8](repeating: 0, count: 64).enumerated().map {
                $0.offset % 4 == 0 || $0.offset % 4 == 3 ? 255 : 0
            })
        let snapshot = Snapshot(viewport: Size(width: 100, height: 100), photos: [.image(red)])
        let frame = try snapshot.image()
        // The one item is centred: its middle pixel is the photo's red.
        let middle = (50 * 100 + 50) * 4
        #expect(Array(frame.pixels[middle..<middle + 4]) == [255, 0, 0, 255])
    }

    @Test func pixelsBesideFilesGoThroughTheRenderersCacheAndErrorsKeepTheirCause() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let broken = try folder.write(Array("not an image".utf8), to: "broken.jpg")
        let blue = RGBAImage(width: 8, height: 8, fill: (0, 0, 255, 255))
        let snapshot = Snapshot(
            viewport: Size(width: 300, height: 100), photos: [.image(blue), .file(URL(fileURLWithPath: broken))])
        // Not strict: the file is a placeholder, the pixels are drawn (item 0 is centred at rest).
        let frame = try snapshot.image()
        let middle = (50 * 300 + 150) * 4
        #expect(Array(frame.pixels[middle..<middle + 4]) == [0, 0, 255, 255])
        // Strict: the file is named with its reason (before, every error here was "out of memory").
        do {
            _ = try snapshot.image(strict: true)
            Issue.record("a broken photo was accepted under strict")
        } catch {
            guard case .unreadablePhotos(let problems) = error else {
                Issue.record("not the unreadable photo: \(error)")
                return
            }
            #expect(problems.map(\.path) == [broken])
        }
        // The same pixels as a file render the same frame when the file decodes whole.
        let file = try folder.write(try PNGEncoder.encode(blue), to: "blue.png")
        let fromFile = Snapshot(
            viewport: Size(width: 300, height: 100), photos: [.file(URL(fileURLWithPath: file)), .image(blue)])
        let fromPixels = Snapshot(viewport: Size(width: 300, height: 100), photos: [.image(blue), .image(blue)])
        #expect(try fromFile.image(atOffset: 40).pixels == (try fromPixels.image(atOffset: 40)).pixels)
    }

    @Test func comparisonsAndErrorsAreValues() throws {
        let snapshot = Snapshot(viewport: Size(width: 375, height: 200), itemCount: 10)
        let (same, _) = SnapshotDiff.compare(try snapshot.image(atOffset: 0), try snapshot.image(atOffset: 0))
        #expect(same.matches)
        let (moved, diff) = try SnapshotDiff.compare(
            expected: try snapshot.png(atOffset: 0), actual: try snapshot.png(atOffset: 30), diffImage: true)
        #expect(!moved.matches && diff != nil)
        // Each error is the case the parameter at fault gives, not merely a RenderError.
        let infinite = #expect(throws: RenderError.self) { try snapshot.image(atOffset: .infinity) }
        #expect(
            { if case .layout(.notFinite(.offset, _))? = infinite { true } else { false } }(),
            "\(String(describing: infinite))")
        let deleted = #expect(throws: RenderError.self) { try snapshot.frames(.delete(item: 10)) }
        #expect(
            { if case .motion(.layout(.noSuchItem(10, count: 10)))? = deleted { true } else { false } }(),
            "\(String(describing: deleted))")
        let unreadable = #expect(throws: RenderError.self) {
            try SnapshotDiff.compare(expected: [1, 2, 3], actual: [])
        }
        #expect(
            { if case .unreadableImage(.expected, _)? = unreadable { true } else { false } }(),
            "\(String(describing: unreadable))")
    }
}
