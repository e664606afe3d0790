import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// `animate --to-layout` and `--delete`, and animated WebP: the first frame is `render` of the start
/// exactly, the last matches `render` of the end, and the WebP decodes to the APNG's frames.
@Suite struct TransitionCommandTests {
    static let photos = RenderCommandTests.fixtures

    func image(_ path: String) throws -> RGBAImage { try ImageDecoder.decodeFile(atPath: path).image }

    @Test func lineToFlowStartsAsTheLineAndEndsAsTheFlow() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let scene = ["--offset", "300", "--display-scale", "2", Self.photos]
        let run = try CommandRunner.run(
            ["animate", "--to-layout", "flow", "--fps", "10", "--frames", "f/{index}.png"] + scene, in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        // 0.3 s at 10 fps: frames at 0, 0.1, 0.2, 0.3.
        #expect(TemporaryFolder.list(folder.file("f")).sorted() == ["0000.png", "0001.png", "0002.png", "0003.png"])
        // The line draws larger items than the flow, so the photos are decoded as render decodes them.
        let start = try CommandRunner.run(scene + ["-o", "start.png"], in: folder.path)
        #expect(start.status == 0)
        #expect(try image(folder.file("f/0000.png")) == image(folder.file("start.png")))
        // The end: the flow in the same 375 × 200 viewport, with the item nearest the centre at
        // offset 300 (item 2, centre 187.5 + 340 − 300 = 227.5) centred: row 0, clamped to 0.
        let layout = try CommandRunner.run(["layout", "--to-layout", "flow", "--fps", "10"] + scene)
        let last = try #require(layout.output.split(separator: "\n").last)
        #expect(last.contains("\"layout\": \"flow\"") && last.contains("\"offset\": 0,"), "\(last)")
        let end = try CommandRunner.run(
            [
                "--layout", "flow", "--width", "375", "--height", "200", "--display-scale", "2", Self.photos, "-o",
                "end.png",
            ],
            in: folder.path)
        #expect(end.status == 0)
        let diff = try CommandRunner.run(["diff", "f/0003.png", "end.png"], in: folder.path)
        #expect(diff.status == 0, "\(diff.output) \(diff.stderr)")
    }

    @Test func aTransitionToLargerItemsStillStartsExactlyAsRenderDoes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // The line's items (up to 160 pt) are larger than the flow's (50 pt): the photos are decoded
        // for the line, but the first frame is drawn from the flow's own decodes.
        let scene = ["--layout", "flow", "--height", "300", Self.photos]
        let run = try CommandRunner.run(
            ["animate", "--to-layout", "line", "--fps", "10", "--frames", "f/{index}.png"] + scene, in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let start = try CommandRunner.run(scene + ["-o", "start.png"], in: folder.path)
        #expect(start.status == 0)
        #expect(try image(folder.file("f/0000.png")) == image(folder.file("start.png")))
        // The same through a manifest.
        try folder.write(
            Array(
                #"{"scenes": [{"name": "t", "layout": "flow", "height": 300, "toLayout": "line", "fps": 10, "photos": ["\#(Self.photos)"]}]}"#
                    .utf8), to: "m.json")
        let batch = try CommandRunner.run(["batch", "m.json", "--out", "out"], in: folder.path)
        #expect(batch.status == 0, "\(batch.stderr)")
        var frames = try APNGFrames(try ImageDecoder.readBytes(atPath: folder.file("out/t.png")))
        #expect(try frames.next() == image(folder.file("start.png")))
    }

    @Test func aDeletionEndsAsTheGalleryWithoutTheItem() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Placeholders: the end is exactly render of one item fewer, at the offset clamped to its range
        // (9·170 = 1530 for 10 items, 8·170 = 1360 for 9).
        let run = try CommandRunner.run(
            ["animate", "--count", "10", "--offset", "1530", "--delete", "9", "--frames", "f/{index}.png"],
            in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let frames = TemporaryFolder.list(folder.file("f")).sorted()
        #expect(frames.count == 19)
        let start = try CommandRunner.run(["--count", "10", "--offset", "1530", "-o", "start.png"], in: folder.path)
        let end = try CommandRunner.run(["--count", "9", "--offset", "1360", "-o", "end.png"], in: folder.path)
        #expect(start.status == 0 && end.status == 0)
        #expect(try image(folder.file("f/0000.png")) == image(folder.file("start.png")))
        #expect(try image(folder.file("f/0018.png")) == image(folder.file("end.png")))
        // Half-way the deleted item is drawn at half its alpha over the white background.
        #expect(try image(folder.file("f/0009.png")) != image(folder.file("f/0000.png")))
    }

    @Test func aTransitionStartsFromTheOffsetClampedEvenWithOverscroll() throws {
        // 20 items: offsets 0…19·170 = 3230. The contract clamps a transition's start offset, and a
        // deletion ends at that offset clamped to the new range (0…3060).
        for (arguments, first, last) in [
            (["--delete", "1", "--offset", "-50"], "\"offset\": 0,", "\"offset\": 0,"),
            (["--delete", "19", "--offset", "9999"], "\"offset\": 3230,", "\"offset\": 3060,"),
            (["--to-layout", "line", "--offset", "-50"], "\"offset\": 0,", "\"offset\": 0,"),
        ] {
            let run = try CommandRunner.run(["layout", "--count", "20", "--overscroll", "--fps", "10"] + arguments)
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.output.split(separator: "\n")
            #expect(lines.first?.contains(first) == true, "\(arguments): \(lines.first ?? "")")
            #expect(lines.last?.contains(last) == true, "\(arguments): \(lines.last ?? "")")
        }
        // Without it, the warning that the start was clamped does not send the user to --overscroll,
        // which a transition does without (found by review).
        let clamped = try CommandRunner.run([
            "layout", "--count", "20", "--fps", "10", "--delete", "1", "--offset", "-50",
        ])
        #expect(clamped.stderr.contains("drawn at 0, clamped") && !clamped.stderr.contains("--overscroll"))
    }

    @Test(.enabled(if: AnimateCommandTests.pillow, "needs python3 with Pillow to decode the WebP with libwebp"))
    func theWebPDecodesToTheAPNGFrames() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let scene = ["animate", "--to-layout", "grid", "--offset", "120", "--fps", "20", "--count", "12", Self.photos]
        for output in ["a.png", "a.webp"] {
            let run = try CommandRunner.run(scene + ["-o", output], in: folder.path)
            #expect(run.status == 0, "\(run.stderr)")
        }
        // Pillow's WebP reader is libwebp's own demuxer and animation decoder; identical frames in a
        // row are stored once, so frames are compared at each APNG frame's start time.
        let script = """
            from PIL import Image
            a, w = Image.open("a.png"), Image.open("a.webp")
            starts, t = [], 0
            for k in range(w.n_frames):
                w.seek(k); w.load(); starts.append(t); t += w.info["duration"]
            bad = []
            for k in range(a.n_frames):
                a.seek(k)
                ms = round(k * 1000 / 20)
                j = max(i for i, s in enumerate(starts) if s <= ms)
                w.seek(j)
                if a.convert("RGBA").tobytes() != w.convert("RGBA").tobytes(): bad.append(k)
            print(a.n_frames, w.n_frames, w.info.get("loop"), bad)
            """
        let read = try Python.run(["-c", script], in: folder.path)
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.output.hasPrefix("7 ") && read.output.hasSuffix(" 0 []\n"), "\(read.output)")
        let size = try ImageDecoder.readBytes(atPath: folder.file("a.webp")).count
        let apng = try ImageDecoder.readBytes(atPath: folder.file("a.png")).count
        #expect(size < apng, "WebP \(size) bytes, APNG \(apng)")
    }

    @Test(.enabled(if: ExternalTool.available("webpmux", "dwebp"), "needs webpmux and dwebp (Debian's webp)"))
    func libwebpsOwnToolsDecodeTheWebPToTheFrames() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fps = 20
        let scene = [
            "animate", "--to-layout", "grid", "--offset", "120", "--fps", "\(fps)", "--count", "12", Self.photos,
        ]
        for output in [["-o", "a.webp"], ["--frames", "f/{index}.png"]] {
            let run = try CommandRunner.run(scene + output, in: folder.path)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let expected = try TemporaryFolder.list(folder.file("f")).sorted().map { try image(folder.file("f/" + $0)) }
        // webpmux's table: "N: width height alpha x_offset y_offset duration dispose blend size compression".
        let info = try ExternalTool.run("webpmux", ["-info", folder.file("a.webp")]).output
        let lines: [[String]] = info.split(separator: "\n").map { line in line.split(separator: " ").map(String.init) }
        let rows = lines.filter { (fields: [String]) -> Bool in
            fields.count == 11 && fields[0].hasSuffix(":") && Int(fields[0].dropLast()) != nil
        }
        #expect(!rows.isEmpty && rows.count <= expected.count, "\(info)")
        // Each stored frame decoded by dwebp and composited as the WebP container specifies, onto a
        // transparent canvas. These frames are opaque, so a blended frame's alpha is 0 (keep the canvas)
        // or 255 (replace it): any other value fails the test rather than guess libwebp's arithmetic.
        let (width, height) = (expected[0].width, expected[0].height)
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        var shown: [(start: Int, image: RGBAImage)] = []
        var (start, partlyTransparent) = (0, 0)
        for (number, row) in zip(1..., rows) {
            let frame = folder.file("frame\(number).webp"), pam = folder.file("frame\(number).pam")
            try ExternalTool.run("webpmux", ["-get", "frame", "\(number)", folder.file("a.webp"), "-o", frame])
            try ExternalTool.run("dwebp", ["-quiet", frame, "-pam", "-o", pam])
            let tile = try PPM.parsePAM(ImageDecoder.readBytes(atPath: pam))
            let numbers: [Int] = [1, 2, 4, 5, 6].compactMap { Int(row[$0]) }
            try #require(numbers.count == 5, "\(row)")
            let (x0, y0, duration, dispose, blend) = (numbers[2], numbers[3], numbers[4], row[7], row[8])
            #expect(tile.width == numbers[0] && tile.height == numbers[1])
            #expect(x0 + tile.width <= width && y0 + tile.height <= height)
            for y in 0..<tile.height {
                for x in 0..<tile.width {
                    let from: Int = (y * tile.width + x) * 4
                    let to: Int = ((y0 + y) * width + x0 + x) * 4
                    let alpha = tile.pixels[from + 3]
                    if blend == "yes" && alpha == 0 { continue }
                    if blend == "yes" && alpha != 255 { partlyTransparent += 1 }
                    canvas.replaceSubrange(to..<to + 4, with: tile.pixels[from..<from + 4])
                }
            }
            shown.append((start, RGBAImage(width: width, height: height, pixels: canvas)))
            start += duration
            if dispose == "background" {
                for y in y0..<y0 + tile.height {
                    canvas.replaceSubrange(
                        (y * width + x0) * 4..<(y * width + x0 + tile.width) * 4,
                        with: repeatElement(0, count: tile.width * 4))
                }
            }
        }
        #expect(partlyTransparent == 0)
        // Frame k is shown from k/fps s; a stored frame lasts as long as the frames it stands for.
        for (k, frame) in expected.enumerated() {
            let time = k * 1000 / fps
            let stored = try #require(shown.last { $0.start <= time })
            let firstDifference = zip(stored.image.pixels, frame.pixels).enumerated().first {
                $0.element.0 != $0.element.1
            }
            let pixel = firstDifference.map { "(\($0.offset / 4 % width), \($0.offset / 4 / width))" }
            #expect(pixel == nil, "frame \(k) (at \(time) ms) first differs at pixel \(pixel ?? "")")
        }
    }

    @Test func badTransitionsAreUsageErrorsNamingTheOption() throws {
        for (arguments, message) in [
            (["--to-layout", "flow", "--delete", "1"], "Use one motion at a time: --to-layout and --delete"),
            (["--fling", "100", "--to-layout", "grid"], "Use one motion at a time: --fling and --to-layout"),
            // Found by review: `--delete 1 --delete 2` deleted item 2 alone.
            (["--delete", "1", "--delete", "2"], "Use one motion at a time: --delete was given 2 times"),
            (["--fling", "100", "--fling", "200"], "Use one motion at a time: --fling was given 2 times"),
            // Known before rendering: a usage error naming -o (found by review: exit 1).
            (
                [
                    "--width", "1100", "--height", "10", "--item-size", "5", "--display-scale", "16", "--fling", "500",
                    "-o", "/tmp/gallery-render-never-written.webp",
                ],
                "an animated WebP is at most 16383 pixels a side, and these frames are 17600x160"
            ),
            // Found by review: it did nothing, silently.
            (
                ["--layout", "coverflow", "--fling", "1000", "--deceleration", "fast"],
                "--deceleration cannot be used with --fling: iCarousel's --deceleration-rate paces the fling"
            ),
            (["--delete", "3"], "'--delete <index>': must be from 0 to 2, not 3"),
            (["--delete", "-1"], "'--delete <index>'"),
            (["--to-layout", "carousel"], "'--to-layout <layout>'"),
            (["--to-layout", "flow", "--duration", "-1"], "'--duration <s>'"),
            (["--fling", "100", "--snap", "--velocity", "-5000"], "--velocity cannot be used with --fling"),
            (["--delete", "1", "--offsets", "0,10"], "--offsets cannot be used with --delete"),
            (["--to-layout", "flow", "--frames", "f/{index}.webp"], "the pattern must end in .png"),
        ] {
            let run = try CommandRunner.run(["animate", "--count", "3"] + arguments)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        // --duration times transitions: given with a motion that takes its own time it would do
        // nothing, and says so; a manifest's defaults may still time every scene.
        for (motion, reason) in [
            (["--fling", "100"], "a fling's time follows from its velocity"),
            (["--drag", "50"], "a drag is timed by --drag-duration"),
            (["--layout", "coverflow", "--scroll-to", "2"], "--scroll-to takes iCarousel's 0.4 s"),
        ] {
            let timed = try CommandRunner.run(["layout", "--count", "3", "--duration", "1"] + motion)
            #expect(timed.status == 64, "\(motion)")
            #expect(
                timed.stderr.contains("--duration times a transition or a rotation: \(reason)"),
                "\(timed.stderr)")
        }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let manifest = try folder.write(
            Array(#"{"defaults": {"count": 3, "duration": 1}, "scenes": [{"name": "f", "fling": 100}]}"#.utf8),
            to: "m.json")
        let defaults = try CommandRunner.run(["layout", manifest])
        #expect(defaults.status == 0, "\(defaults.stderr)")
    }
}
