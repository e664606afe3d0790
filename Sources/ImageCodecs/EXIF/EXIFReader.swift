/// Finds the EXIF orientation of a JPEG by walking its markers up to the first scan.
///
/// Defensive by construction: every length, offset and count is checked against the bytes at hand
/// and ignored when it points outside them; only IFD0 is read, so no offset chain can loop.
public enum EXIFReader {
    /// The orientation in the first APP1 Exif segment, or `.up` when there is none or it is invalid.
    public static func orientation<Bytes: RandomAccessCollection>(ofJPEG bytes: Bytes) -> EXIFOrientation
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var found = EXIFOrientation.up
        JPEGSegmentWalk.beforeScan(bytes) { marker, payload in
            guard marker == 0xE1, let orientation = orientation(inAPP1: bytes[payload]) else { return true }
            found = orientation
            return false
        }
        return found
    }

    /// The orientation in a PNG's eXIf chunk (before its image data), or `.up`.
    public static func orientation(ofPNG bytes: [UInt8]) -> EXIFOrientation {
        var found = EXIFOrientation.up
        PNGChunkWalk.beforeImageData(bytes) { type, data in
            guard type == "eXIf" else { return true }
            found = orientation(inTIFF: data)
            return false
        }
        return found
    }

    /// The orientation in a WebP's EXIF chunk, or `.up`.
    public static func orientation(ofWebP bytes: [UInt8]) -> EXIFOrientation {
        var position = 12  // after RIFF, the size and WEBP
        while position + 8 <= bytes.count {
            let size = bytes[(position + 4)..<(position + 8)].reversed().reduce(0) { $0 << 8 | Int($1) }
            let start = position + 8
            guard size <= bytes.count - start else { return .up }
            if bytes[position..<position + 4].elementsEqual(Array("EXIF".utf8)) {
                return orientation(inTIFF: bytes[start..<start + size])
            }
            position = start + size + (size & 1)
        }
        return .up
    }

    /// The orientation of a TIFF block, with or without the "Exif\0\0" header some writers put first.
    private static func orientation(inTIFF block: ArraySlice<UInt8>) -> EXIFOrientation {
        let header: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
        let payload = block.starts(with: header) ? Array(block) : header + block
        return orientation(inAPP1: payload) ?? .up
    }

    /// The orientation tag of an APP1 payload starting "Exif\0\0", or nil.
    static func orientation<Bytes: RandomAccessCollection>(inAPP1 segment: Bytes) -> EXIFOrientation?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        let header: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
        guard segment.count >= 14, segment.prefix(6).elementsEqual(header) else { return nil }
        let tiff = segment.startIndex + 6
        let count = segment.endIndex - tiff
        let bigEndian: Bool
        switch (segment[tiff], segment[tiff + 1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        func read(_ offset: Int, _ size: Int) -> Int? {
            guard offset >= 0, size <= count, offset <= count - size else { return nil }
            var value = 0
            for i in 0..<size {
                let byte = Int(segment[tiff + offset + (bigEndian ? i : size - 1 - i)])
                value = value << 8 | byte
            }
            return value
        }
        guard read(2, 2) == 42, let ifd = read(4, 4), let entries = read(ifd, 2) else { return nil }
        for entry in 0..<entries {
            let at = ifd + 2 + entry * 12
            guard let tag = read(at, 2), let type = read(at + 2, 2), let values = read(at + 4, 4) else {
                return nil
            }
            if tag == 0x0112 {
                guard type == 3, values >= 1, let value = read(at + 8, 2) else { return nil }
                return EXIFOrientation(rawValue: value)
            }
        }
        return nil
    }
}
