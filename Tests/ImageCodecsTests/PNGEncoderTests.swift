import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

@Suite struct PNGEncoderTests {
    static let gradient: RGBAImage = {
        var pixels: [UInt8] = []
        for i in 0..<33 * 17 { pixels += [UInt8(i % 256), UInt8(i * 7 % 256), UInt8(i * 13 % 256), 255] }
        return RGBAImage(width: 33, height: 17, pixels: pixels)
    }()

    /// The chunk types of a PNG, in order.
    static func chunks(_ png: [UInt8]) -> [String] {
        var types: [String] = []
        var at = 8
        while at + 8 <= png.count {
            let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: png[at + 4..<at + 8], as: UTF8.self))
            at += 12 + length
        }
        return types
    }

    @Test func opaqueFramesAreRGBAndRoundTrip() throws {
        let png = try PNGEncoder.encode(Self.gradient)
        #expect(png[25] == 2)  // IHDR colour type: RGB
        #expect(try PNGDecoder.decode(png).image == Self.gradient)
    }

    @Test func transparentFramesAreRGBA() throws {
        var image = Self.gradient
        image.pixels[3] = 7
        let png = try PNGEncoder.encode(image)
        #expect(png[25] == 6)  // RGBA
        #expect(try PNGDecoder.decode(png).image == image)
    }

    @Test func framesReadBackIdenticallyThroughLibpng() throws {
        var transparent = Self.gradient
        transparent.pixels[3] = 7
        for image in [Self.gradient, transparent, RGBAImage(width: 1, height: 1, fill: (1, 2, 3, 255))] {
            #expect(try PNGDecoder.decode(PNGEncoder.encode(image), reader: .libpng).image == image)
        }
    }

    @Test func largeFramesSpanSeveralIDATChunks() throws {
        // Noise does not compress: 1024 × 600 RGBA is 2.4 MB of IDAT data, in chunks of at most 1 MiB.
        var random = SplitMix(seed: 7)
        let pixels = (0..<1024 * 600 * 4).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let image = RGBAImage(width: 1024, height: 600, pixels: pixels)
        let png = try PNGEncoder.encode(image)
        #expect(Self.chunks(png).filter { $0 == "IDAT" }.count == 3)
        #expect(try PNGDecoder.decode(png, reader: .libpng).image == image)
        #expect(try PNGDecoder.decode(png, reader: .fast).image == image)
    }

    /// Images that reach every path of the run encoder: runs longer than a match (258) and across
    /// rows, bytes repeated exactly twice, noise that only a stored block holds, a block boundary
    /// inside a run, parts of whole rows (about 256 KiB each) and a last part of one row.
    static let runEncoderCases: [(String, RGBAImage)] = {
        var random = SplitMix(seed: 11)
        func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> RGBAImage {
            var pixels: [UInt8] = []
            pixels.reserveCapacity(width * height * 4)
            for y in 0..<height {
                for x in 0..<width {
                    let p = pixel(x, y)
                    pixels += [p.0, p.1, p.2, p.3]
                }
            }
            return RGBAImage(width: width, height: height, pixels: pixels)
        }
        let noise = image(300, 300) { _, _ in
            let v = random.next()
            return (
                UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v >> 16), 255
            )
        }
        let pairs = image(97, 41) { x, _ in (UInt8(x / 2 % 256), UInt8(x / 2 % 256), 9, 255) }
        // A circle of noise on flat colour, like a frame; 1125 wide, 4 parts of 77 rows and 1 of 1.
        let frame = image(1125, 309) { x, y in
            let (dx, dy) = (x - 560, y - 150)
            guard dx * dx + dy * dy < 140 * 140 else { return (250, 250, 250, 255) }
            let v = random.next()
            return (
                UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v >> 16), 255
            )
        }
        var translucent = frame
        for i in stride(from: 3, to: translucent.pixels.count, by: 4 * 7) { translucent.pixels[i] = 100 }
        return [
            ("flat", RGBAImage(width: 2000, height: 3, fill: (7, 7, 7, 255))),
            ("one pixel", image(1, 1) { _, _ in (0, 0, 0, 255) }),
            ("one column", image(1, 500) { _, y in (UInt8(y % 256), 0, 0, 255) }), ("noise", noise),
            ("pairs", pairs), ("frame", frame), ("translucent frame", translucent),
        ]
    }()

    @Test(arguments: runEncoderCases.indices)
    func runEncoderReadsBackThroughLibpngAndLibdeflate(index: Int) throws {
        let (name, image) = Self.runEncoderCases[index]
        let png = try PNGEncoder.encode(image)
        #expect(try PNGDecoder.decode(png, reader: .libpng).image == image, "\(name)")
        #expect(try PNGDecoder.decode(png, reader: .fast).image == image, "\(name)")
        // Parts on several threads: the same bytes.
        #expect(try PNGEncoder.encode(image, jobs: 3) == png, "\(name)")
    }

    @Test func runEncoderCodesFlatColourForNextToNothing() throws {
        // The frame is incompressible noise inside a circle on flat colour: its PNG should cost the
        // noise's bytes and hardly more (the real frames' figures are in the bench).
        let frame = Self.runEncoderCases[5].1
        var noisy = 0
        for y in 0..<309 {
            for x in 0..<1125 where (x - 560) * (x - 560) + (y - 150) * (y - 150) < 140 * 140 { noisy += 1 }
        }
        let png = try PNGEncoder.encode(frame)
        #expect(png.count < noisy * 3 * 105 / 100)
    }

    @Test func matchesEncoderReadsBack() throws {
        for (name, image) in Self.runEncoderCases {
            let png = try PNGEncoder.encode(image, compression: .matches)
            #expect(try PNGDecoder.decode(png, reader: .libpng).image == image, "\(name)")
        }
    }

    @Test func samePixelsGiveSameBytesWithNoVaryingChunk() throws {
        let a = try PNGEncoder.encode(Self.gradient), b = try PNGEncoder.encode(Self.gradient)
        #expect(a == b)
        #expect(Self.chunks(a) == ["IHDR", "IDAT", "IEND"])
    }
}
