import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// `animate --rotate` and `layout --rotate` (seed 0's `viewWillTransition(to:with:)`), through the
/// binary, against the contract's numbers written out here.
@Suite struct RotationTests {
    static let photos = Corpus.repositoryRoot.appendingPathComponent("Fixtures/photos").path

    func frames(_ arguments: [String], in folder: TemporaryFolder) throws -> [RGBAImage] {
        let run = try CommandRunner.run(
            ["animate", Self.photos, "--rotate", "--frames", folder.file("f/{index}.png")] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        return try TemporaryFolder.list(folder.file("f")).map { name in
            try ImageDecoder.decodeFile(atPath: folder.file("f/" + name)).image
        }
    }

    /// ease-in-out (0.42, 0, 0.58, 1): x(u) solved by bisection, y(u) = 3u² − 2u³.
    static func ease(_ x: Double) -> Double {
        var (low, high) = (0.0, 1.0)
        for _ in 0..<200 {
            let u = (low + high) / 2
            let bx = 3 * (1 - u) * (1 - u) * u * 0.42 + 3 * (1 - u) * u * u * 0.58 + u * u * u
            if bx < x { low = u } else { high = u }
        }
        let u = (low + high) / 2
        return 3 * u * u - 2 * u * u * u
    }

    @Test(arguments: [("grid", 375.0, 667.0), ("flow", 375, 200), ("flow", 320, 480), ("grid", 667, 375)])
    func layoutGivesTheTurnAndBoundsOfEveryFrame(layout: String, width: Double, height: Double) throws {
        let run = try CommandRunner.run(
            [
                "layout", "--count", "12", "--layout", layout, "--width", String(width), "--height", String(height),
                "--rotate", "--fps", "30",
            ])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.output.split(separator: "\n")
        // T_end = 0.4 s at 30 fps: k = 0 … ⌈12⌉.
        #expect(lines.count == 13)
        for (k, line) in lines.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let t = min(Double(k) / 30, 0.4), p = Self.ease(t / 0.4)
            let time = try #require(object["time"] as? Double)
            let rotation = try #require(object["rotation"] as? Double)
            let viewport = try #require(object["viewport"] as? [String: Double])
            #expect(abs(time - t) < 1e-6)
            // θ = ±90°·(1 − p), + from portrait; bounds W + (H − W)p by H + (W − H)p.
            let quarter = width <= height ? 90.0 : -90
            #expect(abs(rotation - quarter * (1 - p)) < 1e-5, "frame \(k): \(rotation)")
            #expect(abs((viewport["width"] ?? 0) - (width + (height - width) * p)) < 1e-5)
            #expect(abs((viewport["height"] ?? 0) - (height + (width - height) * p)) < 1e-5)
        }
        let last = try #require(try JSONSerialization.jsonObject(with: Data(lines[12].utf8)) as? [String: Any])
        #expect(last["rotation"] as? Double == 0)
        #expect(last["viewport"] as? [String: Double] == ["width": height, "height": width])
    }

    @Test func theGridsItemsGrowToTheLandscapeCellAndStayRound() throws {
        // Grid 375 × 667, 3 columns: portrait side 375/3 − 8 = 117, landscape 667/3 − 8 = 214.33…;
        // item 0 goes from centre (58.5, 58.5) to (107.1667, 107.1667), its side lerped in p.
        let run = try CommandRunner.run(["layout", "--count", "7", "--layout", "grid", "--rotate", "--fps", "10"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == 5)
        let landscape = 667.0 / 3 - 8
        for (k, line) in lines.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let items = try #require(object["items"] as? [[String: Any]])
            let zero = try #require(items.first { $0["index"] as? Int == 0 })
            let p = Self.ease(min(Double(k) / 10, 0.4) / 0.4)
            let side = 117 + (landscape - 117) * p
            #expect(abs((zero["size"] as? Double ?? 0) - side) < 1e-5, "frame \(k)")
            let center = try #require(zero["center"] as? [String: Double])
            #expect(abs((center["x"] ?? 0) - (58.5 + (landscape / 2 - 58.5) * p)) < 1e-5)
        }
    }

    @Test func theFirstFrameIsTheStartTurnedAndTheLastIsTheEnd() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let scene = ["--layout", "grid", "--width", "150", "--height", "240", "--display-scale", "2", "--offset", "30"]
        let turned = try frames(scene + ["--fps", "20"], in: folder)
        #expect(turned.count == 9)
        // Every frame has the end's size: round(240·2) × round(150·2).
        #expect(turned.allSatisfy { $0.width == 480 && $0.height == 300 })
        let start = try CommandRunner.run([Self.photos, "-o", folder.file("start.png")] + scene)
        #expect(start.status == 0, "\(start.stderr)")
        let upright = try ImageDecoder.decodeFile(atPath: folder.file("start.png")).image
        // Portrait start: a quarter turn counter-clockwise, frame (X, Y) = start (W − 1 − Y, X).
        var first = true
        for y in 0..<300 {
            for x in 0..<480 where first {
                let (a, b) = (turned[0][x, y], upright[upright.width - 1 - y, x])
                if a != b {
                    Issue.record("first frame differs at (\(x), \(y)): \(a) against \(b)")
                    first = false
                }
            }
        }
        // The last frame matches render of the end (width and height swapped, offset clamped) under diff.
        let end = try CommandRunner.run(
            [
                Self.photos, "-o", folder.file("end.png"), "--layout", "grid", "--width", "240", "--height", "150",
                "--display-scale", "2", "--offset", "30",
            ])
        #expect(end.status == 0)
        let names = TemporaryFolder.list(folder.file("f"))
        let diff = try CommandRunner.run(["diff", folder.file("end.png"), folder.file("f/" + (names.last ?? ""))])
        #expect(diff.status == 0, "\(diff.stderr)")
    }

    @Test func aRoundItemMidTurnCoversPiRSquaredPixels() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // One white placeholder circle of side 100 (given, so the same in both orientations) on black,
        // at p = ½ (t = 0.2 s of 0.4, frame 2 at 10 fps): π·50² = 7854 pixels.
        let run = try CommandRunner.run(
            [
                "animate", "--count", "1", "--layout", "grid", "--columns", "1", "--item-size", "100", "--width",
                "200", "--height", "300", "--background", "#000000", "--placeholder", "#FFFFFF", "--rotate", "--fps",
                "10", "--frames", folder.file("f/{index}.png"),
            ])
        #expect(run.status == 0, "\(run.stderr)")
        let middle = try ImageDecoder.decodeFile(atPath: folder.file("f/0002.png")).image
        var covered = 0.0
        for y in 0..<middle.height {
            for x in 0..<middle.width { covered += Double(middle[x, y].0) / 255 }
        }
        let expected = Double.pi * 50 * 50
        #expect(abs(covered - expected) / expected < 0.03, "covered \(covered) of \(expected)")
    }

    @Test func badRotationsAreUsageErrorsAndEdgeCasesWork() throws {
        for (arguments, message) in [
            (["--rotate", "--fling", "100"], "Use one motion at a time: --fling and --rotate"),
            (["--rotate", "--to-layout", "flow"], "Use one motion at a time: --to-layout and --rotate"),
            (["--rotate", "--offsets", "0,10"], "--offsets cannot be used with --rotate"),
            (["--rotate", "--layout", "grid", "--width", "300", "--height", "1"], "--rotate: columns:"),
            // The line's strip keeps its frame when the device turns (the contract).
            (
                ["--rotate"],
                "--rotate turns a full-screen collection view: use it with --layout grid, flow or a page layout"
            ),
            (["--rotate", "--layout", "line"], "--rotate turns a full-screen collection view"),
        ] {
            let run = try CommandRunner.run(["animate", "--count", "3", "-o", "/dev/null"] + arguments)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        for arguments in [
            ["--count", "0", "--rotate"], ["--count", "3", "--rotate", "--width", "1", "--height", "300"],
            ["--count", "3", "--rotate", "--fps", "120", "--duration", "10", "--width", "40", "--height", "20"],
        ] {
            let run = try CommandRunner.run(["animate", "-o", "/dev/null", "--layout", "flow"] + arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
    }

    @Test func aManifestSceneRotatesAndIsCheckedFrameByFrame() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            Array(
                "{\"defaults\": {\"width\": 200, \"height\": 120, \"photos\": [\"\(Self.photos)\"]}, \"scenes\": [{\"name\": \"turn\", \"layout\": \"grid\", \"rotate\": true, \"fps\": 10}]}"
                    .utf8), to: "m.json")
        let record = try CommandRunner.run(["check", "m.json", "--baseline", "b", "--record"], in: folder.path)
        #expect(record.status == 0, "\(record.stderr)")
        let bytes = [UInt8](FileManager.default.contents(atPath: folder.file("b/turn.png")) ?? Data())
        var frames = try APNGFrames(bytes)
        #expect(frames.count == 5 && frames.size == PixelSize(width: 120, height: 200))
        #expect(try frames.next() != nil)
        let check = try CommandRunner.run(["check", "m.json", "--baseline", "b"], in: folder.path)
        #expect(check.status == 0, "\(check.stderr)")
    }
}
