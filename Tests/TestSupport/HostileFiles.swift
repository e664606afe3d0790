import GalleryCore
import ImageCodecs

/// Generated hostile inputs: decompression bombs, damaged and tricky files. Each is small on disk.
public enum HostileFiles {
    /// A PNG declaring 100000 × 100000 RGB (40 GB of RGBA).
    public static var pngHeaderBomb: [UInt8] {
        PNGCrafter.signature + PNGCrafter.ihdr(width: 100_000, height: 100_000)
            + PNGCrafter.chunk("IDAT", PNGCrafter.zlibZeros(count: 1000)) + PNGCrafter.chunk("IEND", [])
    }

    /// About 300 KB that inflates to 50 MB of 1-bit rows, declaring 20000 × 20000 (1.6 GB of RGBA).
    public static var pngInflateBomb: [UInt8] { zeroPNG(side: 20_000) }

    /// A 3000 × 3000 1-bit black PNG of about 1 KB: within the budget, decodes to 36 MB of RGBA.
    public static var pngTinyButLarge: [UInt8] { zeroPNG(side: 3000) }

    /// A 1-bit grey PNG of `side` × `side` zeros: a few KiB that decode to side² pixels.
    public static func zeroPNG(side: UInt32) -> [UInt8] {
        let rowBytes = 1 + (Int(side) + 7) / 8
        return PNGCrafter.signature
            + PNGCrafter.chunk("IHDR", PNGCrafter.be32(side) + PNGCrafter.be32(side) + [1, 0, 0, 0, 0])
            + PNGCrafter.chunk("IDAT", PNGCrafter.zlibZeros(count: rowBytes * Int(side))) + PNGCrafter.chunk("IEND", [])
    }

    /// A small photo to damage or extend.
    public static let photo: RGBAImage = {
        var generator = SplitMix(seed: 42)
        var pixels = [UInt8](repeating: 255, count: 64 * 48 * 4)
        for i in 0..<64 * 48 {
            let v = UInt8.random(in: 0...255, using: &generator)
            pixels[i * 4] = v
            pixels[i * 4 + 1] = UInt8(i % 64 * 4)
            pixels[i * 4 + 2] = 255 - v
        }
        return RGBAImage(width: 64, height: 48, pixels: pixels)
    }()

    /// A JPEG whose SOF declares `width` × `height` over an 8 × 8 image's data.
    public static func jpegDeclaring(width: UInt16, height: UInt16) -> [UInt8] {
        var bytes = JPEGEncoder.encode(RGBAImage(width: 8, height: 8, fill: (0, 0, 0, 255))) ?? []
        if let sof = (0..<max(0, bytes.count - 9)).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }) {
            bytes[sof + 5] = UInt8(height >> 8)
            bytes[sof + 6] = UInt8(height & 0xFF)
            bytes[sof + 7] = UInt8(width >> 8)
            bytes[sof + 8] = UInt8(width & 0xFF)
        }
        return bytes
    }

    /// A progressive JPEG whose last scan is repeated `copies` times (libjpeg warns, keeps reading).
    public static func jpegWithManyScans(copies: Int) -> [UInt8] {
        let bytes = JPEGEncoder.encode(photo, progressive: true) ?? []
        guard let last = (0..<bytes.count - 1).last(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }) else {
            return bytes
        }
        let scan = Array(bytes[last..<(bytes.count - 2)])
        return Array(bytes[..<(bytes.count - 2)]) + Array(repeating: scan, count: copies).flatMap { $0 } + [0xFF, 0xD9]
    }

    /// A JPEG whose EXIF IFD0 (orientation 6) names itself as the next IFD: a loop for a reader that
    /// follows the chain.
    public static var jpegWithEXIFLoop: [UInt8] {
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 8]
        return JPEGEncoder.encode(photo, app1: Array("Exif".utf8) + [0, 0] + tiff) ?? []
    }

    /// A JPEG whose EXIF IFD0 declares 65535 entries that run off the end of the segment, with no
    /// orientation among those present, and a value offset far outside it.
    public static var jpegWithEXIFOverrun: [UInt8] {
        let tiff: [UInt8] = [
            0x49, 0x49, 42, 0, 8, 0, 0, 0, 0xFF, 0xFF, 0x00, 0x01, 4, 0, 0xFF, 0xFF, 0xFF, 0x0F, 0xF0, 0xFF, 0xFF, 0x7F,
        ]
        return JPEGEncoder.encode(photo, app1: Array("Exif".utf8) + [0, 0] + tiff) ?? []
    }

    /// A JPEG cut at 60 % of its length: corrupt, "the file ends before the image does".
    public static var truncatedJPEG: [UInt8] {
        let bytes = JPEGEncoder.encode(photo) ?? []
        return Array(bytes.prefix(bytes.count * 6 / 10))
    }

    /// A PNG cut in the middle of its image data.
    public static var truncatedPNG: [UInt8] {
        let bytes = (try? PNGEncoder.encode(photo)) ?? []
        return Array(bytes.prefix(bytes.count / 2))
    }
}
