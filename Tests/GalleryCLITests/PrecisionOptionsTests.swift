import Foundation
import ImageCodecs
import TestSupport
import Testing

/// swift-snapshot-testing's tolerances on `diff` and `check`: `--precision` and
/// `--perceptual-precision`.
@Suite struct PrecisionOptionsTests {
    @Test func precisionAndPerceptualPrecisionDecideTheMatch() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // 100 grey pixels; in b.png 3 of them 128 → 130 (ΔE94 0.782, below pixelmatch's threshold), in
        // c.png 3 of them 128 → 200 (a difference by either measure).
        let grey = [UInt8](repeating: 128, count: 400).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }
        try folder.write(try PNGEncoder.encode(.init(width: 10, height: 10, pixels: grey)), to: "a.png")
        for (name, value) in [("b.png", UInt8(130)), ("c.png", UInt8(200))] {
            var changed = grey
            for pixel in [0, 50, 99] { for c in 0..<3 { changed[pixel * 4 + c] = value } }
            try folder.write(try PNGEncoder.encode(.init(width: 10, height: 10, pixels: changed)), to: name)
        }
        func diff(_ other: String, _ options: [String]) throws -> Int32 {
            try CommandRunner.run(["diff", "a.png", other] + options, in: folder.path).status
        }
        #expect(try diff("c.png", []) == 1)
        #expect(try diff("c.png", ["--precision", "0.97"]) == 0)  // 3 of 100 may differ
        #expect(try diff("c.png", ["--precision", "0.98"]) == 1)
        #expect(try diff("b.png", []) == 0)
        #expect(try diff("b.png", ["--perceptual-precision", "0.99"]) == 0)  // ΔE ≤ 1
        #expect(try diff("b.png", ["--perceptual-precision", "0.995"]) == 1)  // ΔE ≤ 0.5
        #expect(try diff("b.png", ["--perceptual-precision", "0.995", "--precision", "0.97"]) == 0)
        for (options, message) in [
            (["--precision", "0.9", "--max-diff-ratio", "0.1"], "Use either --precision or --max-diff-ratio"),
            (["--perceptual-precision", "0.98", "--threshold", "0.2"], "--threshold and --include-aa do not apply"),
            (["--precision", "1.5"], "'--precision <p>'"),
        ] {
            let run = try CommandRunner.run(["diff", "a.png", "b.png"] + options, in: folder.path)
            #expect(run.status == 64 && run.stderr.contains(message), "\(options): \(run.stderr)")
        }
    }
}
