import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// `animate --fling`: every frame is `render --offset x(t_k) --overscroll`, checked with an
/// independent APNG reader (Pillow's) where it is installed.
@Suite struct AnimateCommandTests {
    static let photos = RenderCommandTests.fixtures
    /// Pillow, for reading APNGs independently of this project's code.
    static let pillow = (try? python(["-c", "import PIL"], in: nil))?.status == 0

    /// `python3 arguments` (TestSupport's Python: Debian's, with Pillow).
    static func python(_ arguments: [String], in folder: String?) throws -> CommandRunner.Outcome {
        try Python.run(arguments, in: folder)
    }

    /// x(t_k) for the worked example, written out here from the contract: 375 wide, offset 120,
    /// V = 1000 with --snap, T = 680, e = 560 ≥ (V − a)/λ, so v′ = a + λe and λ′ = λ.
    static func workedExampleOffsets() -> [Double] {
        let lambda = -1000 * log(0.998)
        let v = 10 + lambda * 560
        let end = log(v / 10) / lambda
        return (0...Int((end * 60).rounded(.up))).map { k in
            let t = min(Double(k) / 60, end)
            return t >= end ? 680 : 120 + v / lambda * (1 - exp(-lambda * t))
        }
    }

    @Test(.enabled(if: pillow, "needs python3 with Pillow to read the APNG independently"))
    func everyFrameIsTheRenderOfItsOffset() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try CommandRunner.run(
            ["animate", "--fling", "1000", "--snap", "--offset", "120", Self.photos, "-o", "fling.png"], in: folder.path
        )
        #expect(run.status == 0, "\(run.stderr)")
        let offsets = Self.workedExampleOffsets()
        #expect(offsets.count == 143)
        let frames = [0, 1, 2, 30, 71, 140, 141, 142]
        let script = """
            from PIL import Image
            im = Image.open("fling.png")
            print(im.n_frames, im.info.get("loop"), im.info.get("duration"))
            for k in \(frames):
                im.seek(k); im.convert("RGBA").save("pillow-%d.png" % k)
            """
        let read = try Self.python(["-c", script], in: folder.path)
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.output.hasPrefix("143 0 16.66"), "\(read.output)")
        for k in frames {
            // On the device pixel grid (@1x: whole points): x_k = ⌊x(t_k)·1 + ½⌋/1.
            let pixel = (offsets[k] + 0.5).rounded(.down)
            let render = try CommandRunner.run(
                ["--offset", "\(pixel)", "--overscroll", Self.photos, "-o", "render-\(k).png"], in: folder.path)
            #expect(render.status == 0)
            let expected = try ImageDecoder.decodeFile(atPath: folder.file("render-\(k).png")).image
            let frame = try ImageDecoder.decodeFile(atPath: folder.file("pillow-\(k).png")).image
            #expect(frame == expected, "frame \(k) at \(pixel)")
        }
    }

    @Test func theBytesDoNotDependOnTheJobsAndFramesMatchTheAnimation() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for jobs in ["1", "2"] {
            let run = try CommandRunner.run(
                [
                    "animate", "--fling", "-2500", "--offset", "600", "--count", "8", Self.photos, "--jobs", jobs, "-o",
                    "a\(jobs).png",
                ], in: folder.path)
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(
            try ImageDecoder.readBytes(atPath: folder.file("a1.png"))
                == ImageDecoder.readBytes(atPath: folder.file("a2.png")))
        // The first frame is the APNG's default image, which any PNG reader shows: the start, 600.
        let first = try ImageDecoder.decodeFile(atPath: folder.file("a1.png")).image
        let start = try CommandRunner.run(
            ["--offset", "600", "--count", "8", Self.photos, "-o", "start.png"], in: folder.path)
        #expect(start.status == 0)
        #expect(first == (try ImageDecoder.decodeFile(atPath: folder.file("start.png")).image))
        // --frames: one PNG per frame; the last is the rest state, exactly on the edge (offset 0).
        let frames = try CommandRunner.run(
            [
                "animate", "--fling", "-2500", "--offset", "600", "--count", "8", Self.photos, "--frames",
                "f/{index}.png",
            ],
            in: folder.path)
        #expect(frames.status == 0, "\(frames.stderr)")
        let written = TemporaryFolder.list(folder.file("f")).sorted()
        let rest = try CommandRunner.run(
            ["--offset", "0", "--count", "8", Self.photos, "-o", "rest.png"], in: folder.path)
        #expect(rest.status == 0)
        let last = try #require(written.last)
        #expect(
            try ImageDecoder.readBytes(atPath: folder.file("f/\(last)"))
                == ImageDecoder.readBytes(atPath: folder.file("rest.png")))
    }

    @Test func aStrictFailureWritesNothingNotEvenAFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A JPEG cut after its header: unreadable, so --strict fails the run before any frame is done.
        let photo = try #require(JPEGEncoder.encode(RGBAImage(width: 64, height: 64, fill: (200, 30, 30, 255))))
        try FileManager.default.createDirectory(atPath: folder.file("photos"), withIntermediateDirectories: true)
        _ = try folder.write(Array(photo.prefix(200)), to: "photos/cut.jpg")
        for output in ["new/sub/out.png", "new/sub/out.webp"] {
            let run = try CommandRunner.run(
                ["animate", folder.file("photos"), "--fling", "1500", "--strict", "-o", output], in: folder.path)
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stderr.contains("--strict: nothing was written"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.file("new")), "\(output)")
        }
    }

    /// The contract: an output with no known suffix (a device, a FIFO, `-`) is an APNG; a suffix of
    /// another image format is refused (CommandLineConventionTests), as render refuses it.
    @Test func anOutputWithoutAKnownSuffixIsAnAPNG() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for output in ["/dev/null", folder.file("a.apng"), folder.file("anim")] {
            let run = try CommandRunner.run([
                "animate", "--count", "3", "--fling", "100", "--width", "100", "-o", output,
            ])
            #expect(run.status == 0, "\(output): \(run.stderr)")
        }
        for name in ["a.apng", "anim"] {
            let bytes = [UInt8](FileManager.default.contents(atPath: folder.file(name)) ?? Data())
            #expect(APNGFrames.isAnimated(bytes), "\(name)")
        }
    }

    @Test func qualityMakesTheWebPLossyAndIsRefusedForAnAPNG() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let scene = [
            "animate", RenderCommandTests.fixtures, "--to-layout", "flow", "--offset", "340", "--width", "280",
            "--height", "150", "--fps", "20",
        ]
        #expect(try CommandRunner.run(scene + ["-o", folder.file("lossless.webp")]).status == 0)
        let lossy = try CommandRunner.run(scene + ["-o", folder.file("lossy.webp"), "--quality", "80"])
        #expect(lossy.status == 0, "\(lossy.stderr)")
        let size = { (name: String) in
            (try? FileManager.default.attributesOfItem(atPath: folder.file(name))[.size] as? Int) ?? 0
        }
        #expect(size("lossy.webp") > 0 && size("lossy.webp") * 3 < size("lossless.webp"))
        // Still the animation: its first frame decodes at the frame size.
        let bytes = [UInt8](FileManager.default.contents(atPath: folder.file("lossy.webp")) ?? Data())
        #expect(try WebPDecoder.decode(bytes).image.width == 280)
        for output in ["x.png", "-"] {
            let refused = try CommandRunner.run(scene + ["-o", output, "--quality", "50"])
            #expect(refused.status == 64 && refused.stderr.contains("--quality 50 makes an animated WebP lossy"))
        }
    }

    @Test func badMotionsAreUsageErrorsNamingTheOption() throws {
        for (arguments, message) in [
            ([] as [String], "Missing the motion to animate"),
            (["--fling", "100", "--offsets", "0,10"], "--offsets cannot be used with --fling"),
            (["--fling", "100", "--overscroll"], "--overscroll cannot be used with --fling"),
            (["--fling", "100", "--fps", "0"], "'--fps <n>'"),
            (["--fling", "100", "--fps", "121"], "'--fps <n>'"),
            (["--fling", "100", "--frames", "f.png"], "--frames must contain {index}"),
            // 10⁸ frames (issue 34): refused by the frame cap before any frame is listed.
            (
                [
                    "--count", "100000", "--fling", "11", "--deceleration", "0.9999999999", "--width", "1", "--height",
                    "1", "--fps", "120",
                ],
                "--fling 11: the motion lasts 953102 s, 114372208 frames at 120 fps: at most 100000 frames"
            ),
            (
                ["--count", "1000000", "--item-size", "10000", "--fling", "1e9", "--deceleration", "0.9999"],
                "--fling 1000000000: the fling would come to rest at offset 9999499892"
            ),
            (["--fling", "100", "-o", "a-{index}.png"], "for a PNG per frame use --frames PATTERN"),
            (["--fling", "100", "-o", "{offset}.webp"], "--output writes one animation"),
            // 60 s at 120 fps: 7201 frames of 8000 × 8000, 460,864 megapixels, refused before anything
            // renders.
            (
                [
                    "--delete", "0", "--duration", "60", "--fps", "120", "--width", "4000", "--height", "4000",
                    "--display-scale", "2",
                ],
                "The animation would be 7201 frames of 8000x8000 pixels: at most 20000 megapixels in all"
            ),
        ] {
            let run = try CommandRunner.run(["animate", "--count", "3"] + arguments)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }

    @Test func layoutPrintsEveryFrameOfTheFlingWithItsTimeAndAlpha() throws {
        let run = try CommandRunner.run(["layout", "--count", "20", "--fling", "1000", "--snap", "--offset", "120"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.output.split(separator: "\n")
        let offsets = Self.workedExampleOffsets()
        #expect(lines.count == offsets.count)
        for (k, line) in lines.enumerated() {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let time = try #require(object["time"] as? Double), offset = try #require(object["offset"] as? Double)
            #expect(abs(time - min(Double(k) / 60, 2.3618249214961655)) < 1e-6, "frame \(k)")
            // On the device pixel grid (@1x: whole points), x_k = ⌊x(t_k)·1 + ½⌋/1, printed to the last
            // bit: render --offset of it is the frame exactly.
            #expect(offset == (offsets[k] + 0.5).rounded(.down), "frame \(k)")
            let items = try #require(object["items"] as? [[String: Any]])
            #expect(items.allSatisfy { $0["alpha"] as? Double == 1 })
        }
        let bad = try CommandRunner.run(["layout", "--count", "20", "--fling", "1000", "--offsets", "0,10"])
        #expect(bad.status == 64 && bad.stderr.contains("--offsets cannot be used with --fling"))
    }
}
