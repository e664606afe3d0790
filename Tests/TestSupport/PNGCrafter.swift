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

    /// A zlib stream of one fixed-Huffman block spelling out `tokens`, with the window size of
    /// `windowBits` (8…15) in its header, whatever distances the tokens use (for "too far back"
    /// tests), and the Adler-32 of what the tokens make.
    public static func zlibFixedHuffman(_ tokens: [DeflateToken], windowBits: Int = 15) -> [UInt8] {
        let lengthBase = [
            3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
            227, 258,
        ]
        let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        let distanceBase = [
            1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
            6145, 8193, 12289, 16385, 24577,
        ]
        var bits = BitWriter()
        bits.write(1, count: 1)  // final block
        bits.write(1, count: 2)  // fixed Huffman
        func symbol(_ value: Int) {
            switch value {
            case 0...143: bits.writeReversed(0x30 + value, count: 8)
            case 144...255: bits.writeReversed(0x190 + value - 144, count: 9)
            case 256...279: bits.writeReversed(value - 256, count: 7)
            default: bits.writeReversed(0xC0 + value - 280, count: 8)
            }
        }
        var output: [UInt8] = []
        for token in tokens {
            switch token {
            case .literal(let byte):
                symbol(Int(byte))
                output.append(byte)
            case .match(let length, let distance):
                let code = lengthBase.lastIndex { $0 <= length } ?? 0
                symbol(257 + code)
                bits.write(length - lengthBase[code], count: lengthExtra[code])
                let distanceCode = distanceBase.lastIndex { $0 <= distance } ?? 0
                bits.writeReversed(distanceCode, count: 5)
                bits.write(distance - distanceBase[distanceCode], count: max(0, distanceCode / 2 - 1))
                for _ in 0..<length { output.append(output[output.count - distance]) }
            }
        }
        symbol(256)
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in output {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let cmf = (windowBits - 8) << 4 | 8
        let flg = (31 - (cmf * 256) % 31) % 31
        return [UInt8(cmf), UInt8(flg)] + bits.bytes + be32(b << 16 | a)
    }
}
