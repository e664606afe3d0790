import CPNG

/// The tag for a frame's colour space that PNGEncoder and APNGWriter write: an sRGB frame is left
/// untagged (the web's and Apple's default), a Display P3 one gets an iCCP chunk with the profile
/// right after IHDR, before any acTL or image data, as an iPhone screenshot has.
public enum PNGColorTag {
    /// The chunk that tags a PNG for `space`, to go right after IHDR: none for sRGB.
    public static func chunk(for space: ColorSpace) -> [UInt8] {
        guard space != .srgb else { return [] }
        let name = Array("Display P3".utf8)
        let data = name + [0, 0] + zlibStored(space.iccProfile)
        var chunk = bigEndian(UInt32(data.count)) + Array("iCCP".utf8) + data
        let crc = chunk[4...].withUnsafeBufferPointer { gr_png_crc32($0.baseAddress, $0.count) }
        chunk += bigEndian(crc)
        return chunk
    }

    /// `bytes` as a zlib stream of stored deflate blocks: a profile of a few hundred bytes gains
    /// nothing from compression, and the stream needs no compressor.
    private static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65_535, bytes.count - start)
            let last: UInt8 = start + count == bytes.count ? 1 : 0
            out += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += bytes[start..<start + count]
            start += count
        } while start < bytes.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
