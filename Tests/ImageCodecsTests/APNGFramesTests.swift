import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// The APNG reader: it gives back exactly the frames the writer was given, shows foreign APNGs'
/// dispose and blend operations as Pillow does, and refuses broken ones with an error.
@Suite struct APNGFramesTests {
    /// Frames that change in a moving square, repeat, and change everywhere.
    static func frames() -> [RGBAImage] {
        (0..<6).map { k in
            var pixels = [UInt8](repeating: 0, count: 40 * 30 * 4)
            for y in 0..<30 {
                for x in 0..<40 {
                    let inside = k != 3 && (x - 4 * min(k, 2)) / 8 == 1 && y / 8 == 1
                    let base = k >= 4 ? UInt8(20 * k) : 200
                    let i = (y * 40 + x) * 4
                    pixels[i] = inside ? 255 : base
                    pixels[i + 1] = UInt8(x * 6)
                    pixels[i + 2] = UInt8(y * 8)
                    pixels[i + 3] = 255
                }
            }
            return RGBAImage(width: 40, height: 30, pixels: pixels)
        }
    }

    @Test func theWritersFramesComeBackExactly() throws {
        let frames = Self.frames() + [Self.frames()[5]]
        var writer = APNGWriter(fps: 10, loops: 3, alpha: false, frameCount: frames.count)
        // Taken after each frame, as a stream to a file takes them: the pieces make the file.
        var bytes: [UInt8] = []
        for frame in frames {
            try writer.append(frame)
            bytes += writer.take().joined()
        }
        #expect(writer.take().isEmpty)
        #expect(bytes.suffix(12) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        #expect(APNGFrames.isAnimated(bytes))
        var reader = try APNGFrames(bytes)
        #expect(reader.count == frames.count && reader.loops == 3 && reader.size == PixelSize(width: 40, height: 30))
        #expect(reader.delay(ofFrame: 0) == 0.1)
        var read: [RGBAImage] = []
        while let frame = try reader.next() { read.append(frame) }
        #expect(read == frames)
    }

    static let pillow =
        Python.imports("PIL")

    @Test(.enabled(if: pillow, "needs python3 with Pillow to write and read a foreign APNG"))
    func foreignDisposeAndBlendOperationsShowAsPillowShowsThem() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Frames with transparent and opaque pixels only, so blending OVER has no rounding to differ
        // on; Pillow writes sub-frames with the dispose and blend operations asked for.
        let script = """
            from PIL import Image, ImageDraw
            frames = []
            for k in range(5):
                im = Image.new("RGBA", (32, 24), (0, 0, 0, 0))
                d = ImageDraw.Draw(im)
                d.rectangle([2 + 4 * k, 3, 12 + 4 * k, 15], fill=(250, 20 * k, 90, 255))
                if k % 2: d.rectangle([0, 18, 31, 23], fill=(10, 200, 30, 255))
                frames.append(im)
            frames[0].save("foreign.png", save_all=True, append_images=frames[1:], duration=[40, 50, 60, 70, 80],
                           loop=0, disposal=[0, 1, 2, 0, 1], blend=[0, 1, 1, 0, 1])
            im = Image.open("foreign.png")
            for k in range(im.n_frames):
                im.seek(k); im.convert("RGBA").save("pillow-%d.png" % k)
            print(im.n_frames)
            """
        let run = try Python.run(["-c", script], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        var reader = try APNGFrames(try ImageDecoder.readBytes(atPath: folder.file("foreign.png")))
        #expect(reader.count == Int(run.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        var k = 0
        while let frame = try reader.next() {
            let pillow = try ImageDecoder.decodeFile(atPath: folder.file("pillow-\(k).png")).image
            #expect(frame == pillow, "frame \(k)")
            k += 1
        }
        #expect(k == 5)
    }

    @Test func brokenAnimationsAreErrorsNotCrashes() throws {
        var writer = APNGWriter(fps: 10, alpha: false, frameCount: Self.frames().count)
        for frame in Self.frames() { try writer.append(frame) }
        let bytes = Array(writer.take().joined())
        // A frame more than acTL announced is refused.
        let extra = #expect(throws: EncodeError.self) { try writer.append(Self.frames()[0]) }
        #expect({ if case .refused(let message)? = extra { message.contains("was given") } else { false } }())
        // A still PNG is not an animation.
        let still = try PNGEncoder.encode(Self.frames()[0])
        #expect(!APNGFrames.isAnimated(still))
        let notAnimated = #expect(throws: DecodeError.self) { try APNGFrames(still) }
        #expect(
            { if case .corrupt(.png, let message)? = notAnimated { message.contains("not animated") } else { false } }()
        )
        // Every truncation and a flipped byte in every position of the first 400: an error or frames,
        // never a crash or a hang.
        for cut in stride(from: 0, to: bytes.count, by: 7) {
            if var reader = try? APNGFrames(Array(bytes[..<cut])) { while (try? reader.next()) != nil {} }
        }
        for at in 0..<min(400, bytes.count) {
            var flipped = bytes
            flipped[at] ^= 0x5A
            if var reader = try? APNGFrames(flipped) {
                while let frame = try? reader.next() { _ = frame }
            }
        }
        // An fcTL region outside the canvas is refused before any pixel is decoded: frame 1's x
        // offset (bytes 12…15 of its fcTL data) set past the 40-pixel canvas.
        let second = try #require(Self.find("fcTL", in: bytes, after: 1))
        var outside = bytes
        outside[second + 8 + 15] = 200
        let offCanvas = #expect(throws: DecodeError.self) { try APNGFrames(outside) }
        #expect(
            { if case .corrupt(.png, _)? = offCanvas { true } else { false } }(), "\(String(describing: offCanvas))")
    }

    @Test func chunksOutOfSequenceAndDamagedFrameDataAreNamed() throws {
        var writer = APNGWriter(fps: 10, alpha: false, frameCount: Self.frames().count)
        for frame in Self.frames() { try writer.append(frame) }
        let bytes = Array(writer.take().joined())
        let (first, second) = try (
            #require(Self.find("fdAT", in: bytes, after: 0)), #require(Self.find("fdAT", in: bytes, after: 1))
        )
        let end = try #require(Self.find("fcTL", in: bytes, after: 3))
        func message(_ bytes: [UInt8]) -> String {
            do {
                var reader = try APNGFrames(bytes)
                while try reader.next() != nil {}
                return "read"
            } catch { return "\(error)" }
        }
        // Whole chunks, their CRCs intact (found by review: each was played in file order). The
        // chunks: … fcTL 1, fdAT 2 (at `first`), fcTL 3 (at `third`), fdAT 4 (at `second`), fcTL 5 (at `end`) …
        let third = try #require(Self.find("fcTL", in: bytes, after: 2))
        let moved = bytes[..<first] + bytes[second..<end] + bytes[first..<second] + bytes[end...]
        let repeated = bytes[..<end] + bytes[first..<third] + bytes[end...]
        #expect(message(Array(moved)).contains("fdAT chunk numbered 4 where 2 is next"), "\(message(Array(moved)))")
        #expect(
            message(Array(repeated)).contains("fdAT chunk numbered 2 where 5 is next"), "\(message(Array(repeated)))")
        // A zlib error inside frame 1's fdAT (its CRC made good again) is said as that frame's.
        var damaged = bytes
        damaged[first + 8 + 4 + 2] ^= 0xFF
        let length = Int(bytes[first..<first + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        let crc = Self.crc32(damaged[first + 4..<first + 8 + length])
        for k in 0..<4 { damaged[first + 8 + length + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * k)) }
        let said = message(damaged)
        #expect(said.contains("frame 1's fdAT data: ") && !said.contains("IDAT"), "\(said)")
    }

    /// A default image before the first fcTL is no frame, but a viewer without APNG shows it: it must
    /// decode (found by the verifier: a zlib error in it passed, where Pillow refuses the file).
    @Test func aDefaultImageNoFrameShowsMustDecode() throws {
        var writer = APNGWriter(fps: 10, alpha: false, frameCount: Self.frames().count)
        for frame in Self.frames() { try writer.append(frame) }
        let bytes = Array(writer.take().joined())
        // Make the file's IDAT (frame 0's) a default image only: its fcTL moved after it.
        let fcTL = try #require(Self.find("fcTL", in: bytes, after: 0)),
            idat = try #require(Self.find("IDAT", in: bytes, after: 0))
        let next = try #require(Self.find("fcTL", in: bytes, after: 1))
        // … IDAT (default image), fcTL 0, then frame 0's data again as it was (an IDAT after an fcTL).
        let reordered = Array(
            bytes[..<fcTL] + bytes[idat..<next] + bytes[fcTL..<idat] + bytes[idat..<next] + bytes[next...])
        var reader = try APNGFrames(reordered)
        var count = 0
        while try reader.next() != nil { count += 1 }
        #expect(count == Self.frames().count)
        // Its zlib stream damaged, the CRC made good: refused, named as the default image.
        var damaged = reordered
        let at = fcTL  // the default image's IDAT now starts where fcTL 0 was
        damaged[at + 8 + 2] ^= 0xFF
        let length = Int(damaged[at..<at + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        let crc = Self.crc32(damaged[at + 4..<at + 8 + length])
        for k in 0..<4 { damaged[at + 8 + length + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * k)) }
        let refused = #expect(throws: DecodeError.self) { try APNGFrames(damaged) }
        #expect(
            "\(String(describing: refused))".contains("the default image's IDAT data"), "\(String(describing: refused))"
        )
    }

    /// The PNG chunk CRC (ISO 3309) of `bytes`.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    /// The offset of the `nth` (0-based) chunk of `type`.
    static func find(_ type: String, in bytes: [UInt8], after nth: Int) -> Int? {
        var at = 8, seen = 0
        while at + 12 <= bytes.count {
            let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: bytes[at + 4..<at + 8], as: UTF8.self) == type {
                if seen == nth { return at }
                seen += 1
            }
            at += 12 + length
        }
        return nil
    }
}
