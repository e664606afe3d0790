import Foundation
import ImageCodecs
import TestSupport
import Testing

/// iCarousel's types through `layout`: each number worked out here from iCarousel 1.8.3's
/// `transformForItemViewWithOffset:` (row vectors, CATransform3DTranslate/Rotate pre-multiplying, the
/// perspective m34 applied last), with Foundation's sin and cos: within 1e-12 of the tool's.
@Suite struct CarouselCommandTests {
    static func layout(_ arguments: [String]) throws -> [String: Any] {
        let run = try CommandRunner.run(["layout", "--count", "5"] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
    }

    static func item(_ json: [String: Any], _ index: Int) throws -> [String: Any] {
        let items = try #require(json["items"] as? [[String: Any]])
        return try #require(items.first { $0["index"] as? Int == index })
    }

    static func expectClose(_ actual: [Double]?, _ expected: [Double], _ comment: Comment? = nil) {
        guard let actual, actual.count == expected.count else {
            Issue.record("expected \(expected), got \(String(describing: actual))")
            return
        }
        for (a, e) in zip(actual, expected) { #expect(abs(a - e) <= 1e-12, comment) }
    }

    /// Perspective p applied after rows: [r1 r2 r3 t]·P adds column 4 = r·(0, 0, p, 1).
    static func withPerspective(_ rows: [[Double]], _ p: Double) -> [Double] {
        rows.flatMap { row in [row[0], row[1], row[2], row[2] * p + row[3]] }
    }

    @Test func coverflowTiltsAndRaisesTheItemsBesideTheCentre() throws {
        // Offset 100 pt of 200-pt items: scrollOffset 0.5, item 1 at o = 0.5.
        let json = try Self.layout(["--layout", "coverflow", "--offset", "100"])
        #expect(json["scrollOffset"] as? Double == 0.5)
        let (w, tilt, spacing, o, p) = (200.0, 0.9, 0.25, 0.5, -1.0 / 500)
        let c = max(-1, min(1, o))
        let x = (c * 0.5 * tilt + o * spacing) * w
        let z = abs(c) * -w * 0.5
        let angle = -c * Double.pi / 2 * tilt
        // Rot_y(φ) then Translate(x, 0, z): rows of Rot_y·Tr.
        let rows = [
            [cos(angle), 0, -sin(angle), 0], [0, 1, 0, 0], [sin(angle), 0, cos(angle), 0], [x, 0, z, 1],
        ]
        let item = try Self.item(json, 1)
        #expect(item["offset"] as? Double == 0.5)
        #expect(item["alpha"] as? Double == 1)
        #expect((item["center"] as? [String: Double]) == ["x": 187.5, "y": 150])
        Self.expectClose(item["transform"] as? [Double], Self.withPerspective(rows, p))
    }

    @Test func linearPutsItemsSideBySideWithoutScaling() throws {
        let json = try Self.layout(["--layout", "linear", "--offset", "60", "--item-size", "160x90"])
        // itemWidth 160: scrollOffset 0.375; item 2 at o = 1.625, translated o·w·σ.
        let item = try Self.item(json, 2)
        let o = 2 - 60.0 / 160
        Self.expectClose(
            item["transform"] as? [Double],
            Self.withPerspective([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [o * 160, 0, 0, 1]], -1.0 / 500))
        #expect((item["bounds"] as? [String: Double]) == ["width": 160, "height": 90])
        #expect(item["size"] as? Double == 160 && item["scale"] as? Double == 1)
    }

    @Test func timeMachineMovesItemsBackAndUp() throws {
        // scrollOffset 3: item 1 at o = −2: Translate(o·w·τ, 0, o·w·σ), τ = 0.3, σ = 1. Items in front
        // (o > 0) fade out by o = 1: item 4 (o = 1) is not drawn.
        let json = try Self.layout(["--layout", "time-machine", "--offset", "600"])
        let item = try Self.item(json, 1)
        Self.expectClose(
            item["transform"] as? [Double],
            Self.withPerspective(
                [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [-2 * 200 * 0.3, 0, -2 * 200, 1]], -0.002))
        let drawn = (json["items"] as? [[String: Any]])?.compactMap { $0["index"] as? Int }
        #expect(drawn.map(Set.init) == [0, 1, 2, 3])
    }

    @Test func theCircularTypesWrapAndTheOthersClamp() throws {
        // Five 200-pt items: one turn is 1000 pt. Rotary wraps 1100 to 100; linear clamps to 800.
        #expect(try Self.layout(["--layout", "rotary", "--offset", "1100"])["offset"] as? Double == 100)
        #expect(try Self.layout(["--layout", "linear", "--offset", "1100"])["offset"] as? Double == 800)
        #expect(try Self.layout(["--layout", "linear", "--offset", "1100", "--wrap"])["offset"] as? Double == 100)
        // With --overscroll a carousel goes one item past an end, and says so when asked for more.
        let past = try CommandRunner.run([
            "layout", "--count", "5", "--layout", "linear", "--overscroll", "--offset", "-300",
        ])
        #expect(past.status == 0)
        #expect(
            past.stderr.contains("--offset -300 is more than one item past the end: drawn at -200"), "\(past.stderr)")
        let wrapped = try CommandRunner.run(["layout", "--count", "5", "--layout", "rotary", "--offset", "-300"])
        #expect(wrapped.stderr.isEmpty, "a wrapping carousel clamps nothing: \(wrapped.stderr)")
    }

    @Test func optionsThatDoNotApplyAreUsageErrors() throws {
        let tilt = try CommandRunner.run(["layout", "--count", "5", "--tilt", "0.5"])
        #expect(tilt.status == 64)
        // Named by the types that read it (found by review: "the carousel types (linear, …)").
        #expect(
            tilt.stderr.contains("--tilt applies to coverflow, coverflow2 and the time machines, not line"),
            "\(tilt.stderr)")
        let wrap = try CommandRunner.run(["layout", "--count", "5", "--wrap"])
        #expect(wrap.status == 64 && wrap.stderr.contains("--wrap applies to the carousel types"), "\(wrap.stderr)")
        let card = try CommandRunner.run(["layout", "--count", "5", "--layout", "grid", "--item-size", "160x90"])
        #expect(card.status == 64)
        #expect(
            card.stderr.contains(
                "the grid's cells are square; WxH is for the line, the flow, the carousel types and compositional"),
            "\(card.stderr)")
        let rotate = try CommandRunner.run(["animate", "--count", "5", "--layout", "coverflow", "--rotate"])
        #expect(rotate.status == 64)
        #expect(rotate.stderr.contains("--rotate: the carousel types do not animate a rotation"))
        let toGrid = try CommandRunner.run(["layout", "--count", "5", "--layout", "coverflow", "--to-layout", "grid"])
        #expect(toGrid.status == 64)
        #expect(toGrid.stderr.contains("do not animate a change to grid"), "\(toGrid.stderr)")
        let timed = try CommandRunner.run([
            "layout", "--count", "5", "--layout", "coverflow", "--delete", "1", "--duration", "0.5",
        ])
        #expect(timed.status == 64)
        #expect(timed.stderr.contains("iCarousel's take their own time"), "\(timed.stderr)")
        let lineOnly = try CommandRunner.run([
            "layout", "--count", "5", "--layout", "coverflow", "--scale-factor", "0.5",
        ])
        #expect(lineOnly.status == 64)
        #expect(lineOnly.stderr.contains("--scale-factor applies to the line layout, not "))
    }

    /// A type's own options with a type whose formulas never read them, and the fling's with no
    /// fling, would do nothing: each is a usage error naming it; with their types they work.
    @Test func aTypesOwnOptionWithAnotherTypeIsAUsageError() throws {
        let circular = "applies to the circular types (rotary, cylinder, wheel and their inverted forms), not coverflow"
        let cases: [([String], String)] = [
            (["--layout", "coverflow", "--arc", "90"], "--arc " + circular),
            (["--layout", "coverflow", "--radius", "50"], "--radius " + circular),
            (["--layout", "coverflow", "--angle", "30"], "--angle " + circular),
            (["--layout", "coverflow", "--circular-count", "3"], "--circular-count " + circular),
            (
                ["--layout", "rotary", "--tilt", "0.1"],
                "--tilt applies to coverflow, coverflow2 and the time machines, not rotary"
            ),
            (
                ["--layout", "linear", "--to-layout", "rotary", "--tilt", "0.5"],
                "--tilt applies to coverflow, coverflow2 and the time machines, not linear or rotary"
            ),
            (
                ["--layout", "coverflow", "--scroll-to", "3", "--scroll-speed", "5"],
                "--scroll-speed times a carousel's --fling (with animate or layout), and this scene has none"
            ),
            (
                ["--layout", "coverflow", "--deceleration-rate", "0.2"],
                "--deceleration-rate times a carousel's --fling"
            ),
            // A carousel's drag is refused for itself first.
            (["--layout", "coverflow", "--drag", "200", "--scroll-speed", "2"], "do not animate a drag"),
        ]
        try expectUsageErrors(cases)
        for arguments in [
            ["--layout", "inverted-wheel", "--arc", "90", "--radius", "50", "--angle", "30", "--circular-count", "8"],
            ["--layout", "inverted-time-machine", "--tilt", "0.1"], ["--layout", "coverflow2", "--tilt", "0.5"],
            ["--layout", "coverflow", "--fling", "300", "--scroll-speed", "5", "--deceleration-rate", "0.2"],
            // A change of type keeps the scene's options: the end's type reads them.
            ["--layout", "linear", "--to-layout", "coverflow", "--tilt", "0.5"],
            ["--layout", "coverflow", "--to-layout", "rotary", "--arc", "180"],
        ] {
            let run = try CommandRunner.run(["layout", "--count", "5"] + arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
    }

    /// A manifest's `defaults` may set any type's options for every scene: the scenes that do not
    /// read them (a line, a type without a tilt) take no notice.
    @Test func carouselOptionsInDefaultsSpareTheScenesThatDoNotReadThem() throws {
        let folder = try BatchCommandTests.project(
            #"{"defaults": {"count": 4, "width": 200, "height": 120, "tilt": 0.5, "arc": 180, "scrollSpeed": 2}, "scenes": [{"name": "line", "layout": "line"}, {"name": "rotary", "layout": "rotary"}, {"name": "fling", "layout": "coverflow", "fling": 300}]}"#
        )
        defer { folder.remove() }
        let run = try CommandRunner.run(["batch", folder.file("manifest.json"), "--out", folder.file("out")])
        #expect(run.status == 0, "\(run.stderr)")
        // Given in the scene itself, it is refused there, in the manifest's words.
        let own = try BatchCommandTests.project(
            #"{"defaults": {"width": 200, "height": 120}, "scenes": [{"name": "line", "layout": "line", "tilt": 0.5}]}"#
        )
        defer { own.remove() }
        let refused = try CommandRunner.run(["batch", own.file("manifest.json"), "--out", own.file("out")])
        #expect(refused.status == 64)
        #expect(
            refused.stderr.contains("key 'tilt' applies to coverflow, coverflow2 and the time machines, not line"),
            "\(refused.stderr)")
    }

    /// The seed layouts' own options do nothing for another seed layout, not even for a `--to-layout`
    /// end (it takes its own defaults), so they are refused there too; with their layout they work.
    @Test func aSeedLayoutsOptionWithAnotherSeedLayoutIsAUsageError() throws {
        let cases: [([String], String)] = [
            (["--layout", "line", "--columns", "4"], "--columns applies to the grid layout, not line"),
            (["--layout", "flow", "--columns", "4"], "--columns applies to the grid layout, not flow"),
            (
                ["--layout", "line", "--to-layout", "grid", "--columns", "4"],
                "--columns applies to the grid layout, not line"
            ),
            (["--layout", "grid", "--scale-factor", "2"], "--scale-factor applies to the line layout, not grid"),
            (
                ["--layout", "line", "--interitem-spacing", "4"],
                "--interitem-spacing applies to the flow layout, not line"
            ),
        ]
        try expectUsageErrors(cases)
        for arguments in [["--layout", "grid", "--columns", "4"], ["--layout", "flow", "--interitem-spacing", "4"]] {
            let run = try CommandRunner.run(["layout", "--count", "5"] + arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
    }

    /// `--to-layout` between types: 0.2 s at 60 fps is 13 frames (0 … 12/60), the last the new type's
    /// still; `--delete`: 0.5 s, 31 frames, the last n − 1 items. The APNG is the same bytes whatever
    /// `--jobs`.
    @Test func aTypeChangeAndADeletionAnimateWithICarouselsTiming() throws {
        let change = try CommandRunner.run([
            "layout", "--count", "8", "--layout", "coverflow", "--offset", "400", "--to-layout", "rotary",
        ])
        #expect(change.status == 0, "\(change.stderr)")
        let lines = change.output.split(separator: "\n")
        #expect(lines.count == 13)
        let still = try CommandRunner.run(["layout", "--count", "8", "--layout", "rotary", "--offset", "400"])
        let last = try #require(lines.last.flatMap { Self.items(String($0)) })
        #expect(last == Self.items(still.output), "the last frame is the new type's still")
        let deletion = try CommandRunner.run([
            "layout", "--count", "8", "--layout", "rotary", "--offset", "400", "--delete", "2",
        ])
        #expect(deletion.status == 0 && deletion.output.split(separator: "\n").count == 31, "\(deletion.stderr)")
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let photos = Corpus.repositoryRoot.appendingPathComponent("Fixtures/photos").path
        let outputs = try [1, 2].map { jobs in
            let run = try CommandRunner.run([
                "animate", photos, "--layout", "coverflow", "--offset", "400", "--to-layout", "time-machine",
                "--display-scale", "1", "--jobs", String(jobs), "-o", folder.file("t\(jobs).png"),
            ])
            #expect(run.status == 0, "\(run.stderr)")
            return FileManager.default.contents(atPath: folder.file("t\(jobs).png"))
        }
        #expect(outputs[0] != nil && outputs[0] == outputs[1])
    }

    /// The transforms of a `layout` object's items, in order.
    static func items(_ json: String) -> [[Double]]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            let items = object["items"] as? [[String: Any]]
        else { return nil }
        return items.map { ($0["transform"] as? [Double]) ?? [] }
    }

    @Test func scrollToGoesTheShortestWayRoundWithTheCubicEase() throws {
        // 8 rotary items wrap: from 0 to item 6 is −2 items, over 0.4 s with 4t³ for t < ½ (of 0.4 s).
        let run = try CommandRunner.run(["layout", "--count", "8", "--layout", "rotary", "--scroll-to", "6"])
        #expect(run.status == 0, "\(run.stderr)")
        let frames = try run.output.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let quarter = try #require(frames.first { $0["time"] as? Double == 0.1 })
        let expected = 8 - 2 * (4 * 0.25 * 0.25 * 0.25)  // −0.125, wrapped into [0, 8)
        #expect(abs((quarter["scrollOffset"] as? Double ?? .nan) - expected) <= 1e-12)
        #expect(frames.last?["scrollOffset"] as? Double == 6)
        #expect(frames.last?["time"] as? Double == 0.4)
        let line = try CommandRunner.run(["layout", "--count", "8", "--scroll-to", "3"])
        #expect(line.status == 64)
        #expect(line.stderr.contains("--scroll-to applies to the carousel types"))
    }

    @Test func aFlingFollowsICarouselsPhysics() throws {
        // V = 800 pt/s, 200-pt items: v = 4 items/s; D = v/(60·(1 − 0.95)) = 4/3 > 0.1, |v| > 2: it
        // decelerates to ⌈0 + 4/3⌉ = 2 over T = 2/(4/2) = 1 s, then rests there (a 0.01 s scroll).
        let run = try CommandRunner.run(["layout", "--count", "5", "--layout", "coverflow", "--fling", "800"])
        #expect(run.status == 0, "\(run.stderr)")
        let frames = try run.output.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let scroll = frames.map { $0["scrollOffset"] as? Double ?? .nan }
        #expect(scroll.last == 2)
        // s(t) = v·t − ½·(v/T)·t² at t = 0.5: 2 − 0.5 = 1.5.
        let half = try #require(frames.firstIndex { $0["time"] as? Double == 0.5 })
        #expect(abs(scroll[half] - 1.5) <= 1e-12)
    }
}

/// Carousel keys in a manifest: a scene's `wrap` over the defaults' `noWrap`, `"wrap": false` as
/// `--no-wrap`, `"showBackfaces": true` as a boolean (found by review).
@Suite struct CarouselManifestTests {
    /// The line's own options in the defaults are for the scenes that use them; given in a carousel
    /// scene itself, they are a usage error naming the scene's key.
    @Test func theLinesOptionsInTheDefaultsDoNotFailACarouselScene() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let manifest = """
            {"defaults": {"count": 5, "scaleFactor": 0.5, "columns": 3},
             "scenes": [{"name": "a", "layout": "coverflow"}, {"name": "b"}]}
            """
        _ = try folder.write(Array(manifest.utf8), to: "m.json")
        let run = try CommandRunner.run(["batch", "m.json", "--out", "o"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let given = #"{"scenes": [{"name": "a", "count": 5, "layout": "coverflow", "columns": 3}]}"#
        _ = try folder.write(Array(given.utf8), to: "n.json")
        let refused = try CommandRunner.run(["batch", "n.json", "--out", "o"], in: folder.path)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("columns"), "\(refused.stderr)")
    }

    @Test func wrapKeysOverrideTheDefaultsAndFalseMeansNoWrap() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let manifest = """
            {"defaults": {"count": 20, "layout": "rotary", "offset": -100, "noWrap": true},
             "scenes": [{"name": "a", "wrap": true}, {"name": "b"}, {"name": "c", "noWrap": false, "wrap": false},
                        {"name": "d", "showBackfaces": true}]}
            """
        _ = try folder.write(Array(manifest.utf8), to: "m.json")
        let run = try CommandRunner.run(["check", "m.json", "--baseline", "b", "--record"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        func scrollOffset(_ scene: String) throws -> Double? {
            let data = try Data(contentsOf: URL(fileURLWithPath: folder.file("b/\(scene).layout.json")))
            return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["scrollOffset"] as? Double
        }
        // −100 pt of 200-pt items is −0.5 items: wrapped to 19.5, or clamped to 0.
        #expect(try scrollOffset("a") == 19.5)
        #expect(try scrollOffset("b") == 0)
        #expect(try scrollOffset("c") == 0)
        #expect(try scrollOffset("d") == 0)
    }
}

/// The carousel types' pixels: the same bytes whatever `--jobs`, every type drawn.
@Suite struct CarouselRenderTests {
    static let types = [
        "linear", "rotary", "inverted-rotary", "cylinder", "inverted-cylinder", "wheel", "inverted-wheel",
        "coverflow", "coverflow2", "time-machine", "inverted-time-machine",
    ]

    @Test(arguments: types) func everyTypeRendersTheSameBytesWhateverTheJobs(type: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let photos = Corpus.repositoryRoot.appendingPathComponent("Fixtures/photos").path
        var outputs: [[UInt8]] = []
        for jobs in ["1", "3"] {
            let path = folder.file("\(jobs).png")
            let run = try CommandRunner.run(
                [
                    "render", "--layout", type, photos, "--offset", "330", "--display-scale", "2", "--shape",
                    "rounded", "--item-size", "180x120", "--jobs", jobs, "-o", path,
                ])
            #expect(run.status == 0, "\(run.stderr)")
            outputs.append(try ImageDecoder.readBytes(atPath: path))
        }
        #expect(outputs[0] == outputs[1])
        // Something is drawn over the white background: the centre pixel is not white.
        let image = try ImageDecoder.decode(outputs[0]).image
        let centre = (image.height / 2 * image.width + image.width / 2) * 4
        #expect(Array(image.pixels[centre..<centre + 3]) != [255, 255, 255], "\(type)")
    }
}
