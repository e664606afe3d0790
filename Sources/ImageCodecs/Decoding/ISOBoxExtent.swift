/// How far a HEIF or AVIF file's top-level boxes (ISO BMFF: `ftyp`, `meta`, `mdat`, …) reach: the
/// end of the last well-formed one. Bytes after it are no box (junk appended to a photo, zeros a
/// `truncate` left) and are not read, so a small photo padded to hundreds of megabytes costs what the
/// photo does (found by review: 867 MB for a 90-byte image).
///
/// A box is its 32-bit big-endian size and a four-letter type of printable ASCII; size 1 means a
/// 64-bit size follows, size 0 that the box runs to the end of the file.
public enum ISOBoxExtent {
    /// Top-level boxes looked at, at most: real files have a handful.
    static let maximumBoxes = 4096

    /// The end of the last well-formed top-level box of a file of `fileSize` bytes, reading each
    /// box's first 16 bytes with `header(offset)` (fewer at the end of the file); `fileSize` when a
    /// box runs to the end or the limit of boxes is met.
    public static func end(fileSize: Int, header: (Int) throws(DecodeError) -> [UInt8]) throws(DecodeError) -> Int {
        var offset = 0
        for _ in 0..<maximumBoxes {
            guard offset < fileSize else { return fileSize }
            let bytes = try header(offset)
            guard bytes.count >= 8, bytes[4..<8].allSatisfy({ (0x20...0x7E).contains($0) }) else { return offset }
            var size = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
            if size == 0 { return fileSize }
            if size == 1 {
                guard bytes.count >= 16, bytes[8] & 0x80 == 0 else { return offset }
                size = bytes[8..<16].reduce(0) { $0 << 8 | Int($1) }
                guard size >= 16 else { return offset }
            }
            guard size >= 8, size <= fileSize - offset else { return size >= 8 ? fileSize : offset }
            offset += size
        }
        return fileSize
    }
}
