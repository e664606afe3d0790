/// Builds PNG files chunk by chunk, for hostile-input tests.
public enum PNGCrafter {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    public static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    /// One chunk with a correct CRC.
    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(CRC32.checksum(body))
    }

    /// IHDR for 8-bit RGB at the given size.
    public static func ihdr(width: UInt32, height: UInt32) -> [UInt8] {
        chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])
    }

    /// A zlib stream of stored (uncompressed) deflate blocks holding `data`.
    public static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var blocks = stride(from: 0, to: max(data.count, 1), by: 65535).map { $0 }
        if data.isEmpty { blocks = [0] }
        for start in blocks {
            let end = min(start + 65535, data.count)
            let length = UInt16(end - start)
            out += [
                end == data.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF),
                UInt8(~length >> 8),
            ]
            out += data[start..<end]
        }
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + be32(b << 16 | a)
    }

    /// A complete PNG: IHDR with the given colour type and bit depth, one IDAT of `rows` (each row
    /// already prefixed with its filter byte), IEND.
    public static func png(width: UInt32, height: UInt32, bitDepth: UInt8, colorType: UInt8, rows: [UInt8]) -> [UInt8] {
        signature + chunk("IHDR", be32(width) + be32(height) + [bitDepth, colorType, 0, 0, 0])
            + chunk("IDAT", zlibStored(rows)) + chunk("IEND", [])
    }

    /// A zlib stream inflating to `count` zero bytes, as small as deflate allows (about 1/1030):
    /// one fixed-Huffman block of a literal 0 and back-references of length 258 at distance 1.
    public static func zlibZeros(count: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // final block
        bits.write(1, count: 2)  // fixed Huffman (BTYPE = 01, LSB first)
        func literalZero() { bits.writeReversed(0b0011_0000, count: 8) }  // literal 0: code 00110000
        var remaining = count
        if remaining > 0 {
            literalZero()
            remaining -= 1
        }
        while remaining >= 258 {
            bits.writeReversed(0b1100_0101, count: 8)  // length code 285 = 258
            bits.writeReversed(0, count: 5)  // distance code 0 = distance 1
            remaining -= 258
        }
        for _ in 0..<remaining { literalZero() }
        bits.writeReversed(0, count: 7)  // end of block (256): 0000000
        let b = UInt32(count % 65521)  // Adler-32 of zeros: a stays 1, b grows by 1 per byte
        return [0x78, 0x01] + bits.bytes + be32(b << 16 | 1)
    }
}
