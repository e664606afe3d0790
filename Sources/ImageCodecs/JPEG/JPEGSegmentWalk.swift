/// The marker segments of a JPEG in memory up to its first scan, each checked to lie within the
/// bytes: what the EXIF and colour readers look through.
enum JPEGSegmentWalk {
    /// Calls `body` with each segment's marker and payload range (after the length) up to SOS or
    /// EOI, until it returns false; stops at anything that is not a marker or runs past the end.
    static func beforeScan<Bytes: RandomAccessCollection>(_ bytes: Bytes, _ body: (UInt8, Range<Int>) -> Bool)
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var position = bytes.startIndex + 2  // after SOI
        while position + 4 <= bytes.endIndex {
            guard bytes[position] == 0xFF else { return }
            let marker = bytes[position + 1]
            if marker == 0xFF { position += 1; continue }  // fill byte
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { position += 2; continue }
            if marker == 0xDA || marker == 0xD9 { return }  // start of scan or end of image
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            let start = position + 4, end = position + 2 + length
            guard length >= 2, end <= bytes.endIndex, body(marker, start..<end) else { return }
            position = end
        }
    }
}
