import Foundation
import GalleryCore
import ImageCodecs
import Testing
import VisualDiff

/// Golden-image assertions, as swift-snapshot-testing's `assertSnapshot`: the image is compared with
/// the golden PNG by the project's own comparer (pixelmatch, threshold 0, anti-aliasing counted) plus
/// a bound on any one channel; a failure names the first differing pixel and the count and writes the
/// actual and diff images to the artifacts folder. Recording (`GALLERY_RECORD_GOLDEN=1`) writes the
/// golden and still fails, so a recording is never silent.
public enum GoldenImage {
    /// How far an image may be from its golden.
    public struct Tolerance: Sendable {
        /// The largest difference allowed in any channel of any pixel.
        public var channel: Int
        /// The largest fraction of pixels that may differ at all.
        public var pixels: Double

        public init(channel: Int, pixels: Double) {
            self.channel = channel
            self.pixels = pixels
        }
    }

    public static let recording = ProcessInfo.processInfo.environment["GALLERY_RECORD_GOLDEN"] == "1"

    /// Where failing tests leave their actual and diff images: `GALLERY_TEST_ARTIFACTS`, or
    /// `.build/test-artifacts` in the repository.
    public static let artifacts: String =
        ProcessInfo.processInfo.environment["GALLERY_TEST_ARTIFACTS"]
        ?? Corpus.repositoryRoot.appendingPathComponent(".build/test-artifacts").path

    /// Records an issue unless `image` matches the golden PNG at `path` within `tolerance`.
    public static func assertMatches(
        _ image: RGBAImage, golden path: String, tolerance: Tolerance, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        if recording {
            try AtomicFile.write(try PNGEncoder.encode(image), to: path)
            Issue.record(
                "recorded the golden \(path): look at it, then run again without GALLERY_RECORD_GOLDEN",
                sourceLocation: sourceLocation)
            return
        }
        guard let golden = try? ImageDecoder.decodeFile(atPath: path).image else {
            Issue.record("no golden at \(path): record with GALLERY_RECORD_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        guard golden.width == image.width, golden.height == image.height else {
            try keep(image, diff: nil, name: name)
            Issue.record(
                "\(name): \(image.width)x\(image.height), the golden is \(golden.width)x\(golden.height)",
                sourceLocation: sourceLocation)
            return
        }
        let difference = Difference(golden, image)
        let allowed = tolerance.pixels * Double(image.width * image.height)
        // Pixels whose stored values differ at all (alpha too). Only a failure runs pixelmatch (at
        // threshold 0: pixels whose colours on white differ), for its count and the diff image.
        guard difference.largest <= tolerance.channel, Double(difference.count) <= allowed else {
            let (counts, diff) = try #require(
                Pixelmatch(threshold: 0, includeAA: true).compareWithDiffImage(
                    golden.pixels, image.pixels, width: image.width, height: image.height))
            try keep(image, diff: RGBAImage(width: image.width, height: image.height, pixels: diff), name: name)
            let first = difference.first.map { "(\($0.x), \($0.y))" } ?? "none"
            let message =
                "\(name): \(difference.count) pixels differ (at most \(Int(allowed)) may; pixelmatch: "
                + "\(counts.diffPixels)), the first at \(first); largest channel difference \(difference.largest) "
                + "(at most \(tolerance.channel)); actual and diff in \(artifacts)"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return
        }
    }

    /// The actual image, and the diff when there is one, in the artifacts folder.
    private static func keep(_ image: RGBAImage, diff: RGBAImage?, name: String) throws {
        try AtomicFile.write(try PNGEncoder.encode(image), to: "\(artifacts)/\(name)-actual.png")
        if let diff { try AtomicFile.write(try PNGEncoder.encode(diff), to: "\(artifacts)/\(name)-diff.png") }
    }

    /// Where two images of one size first differ, in how many pixels, and by how much at most.
    struct Difference {
        var first: (x: Int, y: Int)?
        var count = 0
        var largest = 0

        init(_ a: RGBAImage, _ b: RGBAImage) {
            for i in stride(from: 0, to: a.pixels.count, by: 4) {
                let d = (0..<4).map { abs(Int(a.pixels[i + $0]) - Int(b.pixels[i + $0])) }.max() ?? 0
                guard d > 0 else { continue }
                if first == nil { first = (i / 4 % a.width, i / 4 / a.width) }
                count += 1
                largest = max(largest, d)
            }
        }
    }
}
