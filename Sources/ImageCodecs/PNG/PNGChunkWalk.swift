/// The chunks of a PNG in memory before its image data, each checked to lie within the bytes: what
/// the colour and EXIF readers look through.
enum PNGChunkWalk {
    /// Calls `body` with each chunk's type and data up to the first IDAT (or IEND), until it
    /// returns false; stops at the first chunk that runs past the end of `bytes`.
    static func beforeImageData(_ bytes: [UInt8], _ body: (String, ArraySlice<UInt8>) -> Bool) {
        var position = 8
        while position + 12 <= bytes.count {
            let length = bytes[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
            let start = position + 8
            guard length <= bytes.count - start - 4, type != "IDAT", type != "IEND" else { return }
            guard body(type, bytes[start..<(start + length)]) else { return }
            position = start + length + 4
        }
    }
}
