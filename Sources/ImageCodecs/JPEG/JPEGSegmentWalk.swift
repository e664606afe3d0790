#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The marker segments of a JPEG in memory up to its first scan, each checked to lie within the
/// bytes: what the EXIF and colour readers look through.
enum JPEGSegmentWalk {
    /// Calls `body` with each segment's marker and payload range (after the length) up to SOS or
    /// EOI, until it returns false; stops at anything that is not a marker or runs past the end.
    /// Returns where the first scan's SOS marker is, when the walk reached it.
    @discardableResult
    static func beforeScan<Bytes: RandomAccessCollection>(_ bytes: Bytes, _ body: (UInt8, Range<Int>) -> Bool)
        -> Int?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var position = bytes.startIndex + 2  // after SOI
        while position + 4 <= bytes.endIndex {
            guard bytes[position] == 0xFF else { return nil }
            let marker = bytes[position + 1]
            if marker == 0xFF { position += 1; continue }  // fill byte
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { position += 2; continue }
            if marker == 0xDA { return position }  // start of scan
            if marker == 0xD9 { return nil }  // end of image
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            let start = position + 4, end = position + 2 + length
            guard length >= 2, end <= bytes.endIndex, body(marker, start..<end) else { return nil }
            position = end
        }
        return nil
    }

    /// Whether the image's data ends, with an EOI marker after its first scan starts (entropy-coded
    /// data stuffs each 0xFF with a 0x00, so 0xFF 0xD9 there is the marker); nil when no scan
    /// starts within the bytes. A file cut short has none: libjpeg would draw its rest grey.
    static func endsItsImage(_ bytes: [UInt8]) -> Bool? {
        guard let start = beforeScan(bytes, { _, _ in true }) else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            var at = start + 2
            while at < buffer.count - 1 {
                // The next 0xFF by memchr: a photo's megabytes in well under a millisecond.
                guard let found = memchr(base + at, 0xFF, buffer.count - 1 - at) else { return false }
                at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if buffer[at + 1] == 0xD9 { return true }
                at += 1
            }
            return false
        }
    }
}
