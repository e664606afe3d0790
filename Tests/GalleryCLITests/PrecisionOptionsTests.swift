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
        // Exactly P matching passes, though 1 − 0.9 is 0.09999999999999998 in binary and 1 − 0.8
        // 0.19999999999999996: 10 (and 20) of 100 pixels 128 → 200.
        for count in [10, 20] {
            var changed = grey
            for pixel in 0..<count { for c in 0..<3 { changed[pixel * 4 + c] = 200 } }
            try folder.write(try PNGEncoder.encode(.init(width: 10, height: 10, pixels: changed)), to: "\(count).png")
        }
        #expect(try diff("10.png", ["--precision", "0.9"]) == 0 && diff("10.png", ["--precision", "0.91"]) == 1)
        #expect(try diff("20.png", ["--precision", "0.8"]) == 0 && diff("20.png", ["--max-diff-ratio", "0.19"]) == 1)
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

    @Test func aManifestSetsTolerancesInItsDefaultsAndPerScene() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Two scenes of grey frames, recorded at 128 and rendered at 130 (ΔE94 0.78, and within
        // pixelmatch's threshold too) or at 200 (beyond both).
        func manifest(_ grey: Int, defaults: String, second: String) -> [UInt8] {
            let colour = String(format: "#%02X%02X%02X", grey, grey, grey)
            return Array(
                """
                {"defaults": {"count": 0, "width": 10, "height": 10, "background": "\(colour)"\(defaults)},
                 "scenes": [{"name": "first"}, {"name": "second"\(second)}]}
                """.utf8)
        }
        try folder.write(manifest(128, defaults: "", second: ""), to: "m.json")
        #expect(try CommandRunner.run(["check", "m.json", "--baseline", "b", "--record"], in: folder.path).status == 0)
        func check(_ grey: Int, defaults: String = "", second: String = "", _ extra: [String] = []) throws
            -> CommandRunner.Outcome
        {
            try folder.write(manifest(grey, defaults: defaults, second: second), to: "m.json")
            return try CommandRunner.run(["check", "m.json", "--baseline", "b"] + extra, in: folder.path)
        }
        // ΔE 0.78 fails 0.995 (ΔE ≤ 0.5) set in the defaults; the second scene's own 0.99 passes it.
        let mixed = try check(
            130, defaults: #", "perceptualPrecision": 0.995"#, second: #", "perceptualPrecision": 0.99"#)
        #expect(
            mixed.status == 1 && mixed.stderr.contains("FAIL first.png") && !mixed.stderr.contains("FAIL second.png"))
        // A scene may switch measure: its threshold sets aside the defaults' perceptualPrecision (0.995
        // fails ΔE 0.78; pixelmatch's threshold 0.1 passes grey 128 → 130), and back again.
        let switched = try check(130, defaults: #", "perceptualPrecision": 0.995"#, second: #", "threshold": 0.1"#)
        #expect(switched.status == 1 && switched.stderr.contains("1 passed, 1 failed"), "\(switched.stderr)")
        #expect(switched.stderr.contains("FAIL first.png") && !switched.stderr.contains("FAIL second.png"))
        let back = try check(130, defaults: #", "threshold": 0.1"#, second: #", "perceptualPrecision": 0.995"#)
        #expect(back.status == 1 && back.stderr.contains("FAIL second.png") && !back.stderr.contains("FAIL first.png"))
        let ratio = try check(200, defaults: #", "precision": 1"#, second: #", "maxDiffRatio": 1"#)
        #expect(ratio.stderr.contains("1 passed, 1 failed"), "\(ratio.stderr)")
        // Within one scene (or the defaults) both sides are still a conflict, said in the manifest's
        // keys, and also when the command line's options replace the manifest's.
        let both = try check(130, second: #", "threshold": 0.1, "perceptualPrecision": 0.99"#)
        #expect(both.status == 64 && both.stderr.contains("scene 'second'"), "\(both.stderr)")
        #expect(both.stderr.contains("key 'perceptualPrecision'") && !both.stderr.contains("--threshold"))
        let replacedToo = try check(
            130, second: #", "threshold": 0.1, "perceptualPrecision": 0.99"#, ["--threshold", "0.2"])
        #expect(replacedToo.status == 64, "\(replacedToo.stderr)")
        let inDefaults = try check(
            130, defaults: #", "threshold": 0.1, "perceptualPrecision": 0.99"#, second: #", "threshold": 0.2"#)
        // includeAa false is no choice of pixelmatch's measure, in the defaults as in a scene.
        let falseFlag = try check(130, defaults: #", "perceptualPrecision": 0.99, "includeAa": false"#)
        #expect(falseFlag.status == 0, "\(falseFlag.stderr)")
        #expect(
            inDefaults.status == 64
                && inDefaults.stderr.contains("defaults: keys 'perceptualPrecision' and 'threshold'"),
            "\(inDefaults.stderr)")

        // The command line's diff options replace the manifest's for every scene.
        let replaced = try check(
            130, defaults: #", "perceptualPrecision": 0.995"#, ["--perceptual-precision", "0.99"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        // precision: all 100 pixels of a 200-grey frame differ, so only precision 0 passes.
        #expect(try check(200, second: #", "precision": 0"#).stderr.contains("1 passed, 1 failed"))
        // Bad values and conflicts are usage errors naming the scene, before anything renders.
        let bad = try check(130, second: #", "precision": 1.5"#)
        #expect(bad.status == 64 && bad.stderr.contains("scene 'second'"), "\(bad.stderr)")
        let conflict = try check(130, defaults: #", "precision": 0.9, "maxDiffRatio": 0.1"#)
        #expect(
            conflict.status == 64 && conflict.stderr.contains("defaults: keys 'precision' and 'maxDiffRatio'"),
            "\(conflict.stderr)")
        // batch ignores them.
        #expect(try CommandRunner.run(["batch", "m.json", "--out", "out"], in: folder.path).status == 0)
    }
}
