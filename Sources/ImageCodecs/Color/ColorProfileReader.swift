import CPNG

/// Finds the colour description embedded in a JPEG or PNG, walking its markers or chunks up to the
/// image data. Defensive as `EXIFReader` is: every length is checked against the bytes at hand.
enum ColorProfileReader {
    /// The largest profile taken out of a file; a larger one is ignored with a warning (real profiles
    /// are kilobytes, the largest printer profiles a few megabytes).
    static let maxProfileBytes = 16 << 20

    /// A JPEG's APP2 `ICC_PROFILE` segments, joined in their sequence order (ICC.1 Annex B).
    static func jpeg(_ bytes: [UInt8]) -> EmbeddedColor {
        var pieces: [Int: ArraySlice<UInt8>] = [:]
        var declaredCount: Int?
        var outOfSequence = false
        let signature = Array("ICC_PROFILE".utf8) + [0]
        JPEGSegmentWalk.beforeScan(bytes) { marker, payload in
            let start = payload.lowerBound
            guard marker == 0xE2, payload.count >= 14, bytes[start..<start + 12].elementsEqual(signature) else {
                return true
            }
            let sequence = Int(bytes[start + 12]), count = Int(bytes[start + 13])
            guard sequence >= 1, sequence <= count, declaredCount ?? count == count, pieces[sequence] == nil else {
                outOfSequence = true
                return false
            }
            declaredCount = count
            pieces[sequence] = bytes[(start + 14)..<payload.upperBound]
            return true
        }
        if outOfSequence { return .unreadable("its ICC_PROFILE segments are out of sequence") }
        guard let count = declaredCount else { return .untagged }
        guard pieces.count == count else {
            return .unreadable("\(count - pieces.count) of its \(count) ICC_PROFILE segments are missing")
        }
        return .icc((1...count).flatMap { pieces[$0] ?? [] })
    }

    /// A PNG's colour chunks before its image data, by the PNG specification's precedence: cICP, then
    /// iCCP, then sRGB. gAMA and cHRM alone are not applied (as libvips does not).
    static func png(_ bytes: [UInt8]) -> EmbeddedColor {
        var found: EmbeddedColor = .untagged
        PNGChunkWalk.beforeImageData(bytes) { type, data in
            switch type {
            case "cICP" where data.count != 4:
                found = .unreadable("its cICP chunk has \(data.count) bytes, not 4")
                return false
            case "cICP":
                let (at, matrix, range) = (data.startIndex, data[data.startIndex + 2], data[data.startIndex + 3])
                if matrix != 0 {
                    found = .unreadable("its cICP chunk gives matrix coefficients \(matrix), where RGB needs 0")
                } else if range > 1 {
                    found = .unreadable("its cICP chunk's full-range flag is \(range), where 0 or 1")
                } else {
                    found = .cicp(primaries: UInt16(data[at]), transfer: UInt16(data[at + 1]), fullRange: range == 1)
                }
                return false
            case "iCCP": found = iccChunk(data)
            case "sRGB" where found == .untagged: found = .srgb
            default: break
            }
            return true
        }
        return found
    }

    /// An iCCP chunk's profile: a name of 1–79 bytes, a zero, compression method 0, a zlib stream.
    private static func iccChunk(_ data: ArraySlice<UInt8>) -> EmbeddedColor {
        guard let zero = data.prefix(81).firstIndex(of: 0), zero > data.startIndex, zero + 2 <= data.endIndex,
            data[zero + 1] == 0
        else { return .unreadable("its iCCP chunk is malformed") }
        let stream = Array(data[(zero + 2)...])
        // Most profiles are small: try 64 KiB before the largest size taken.
        for capacity in [64 << 10, maxProfileBytes] {
            var profile = [UInt8](repeating: 0, count: capacity)
            var written = 0
            let status = stream.withUnsafeBufferPointer { input in
                profile.withUnsafeMutableBufferPointer { output in
                    gr_png_inflate_zlib(input.baseAddress, input.count, output.baseAddress, capacity, &written)
                }
            }
            switch status {
            case 0:
                profile.removeLast(capacity - written)
                return .icc(profile)
            case 2: continue
            default: return .unreadable("its iCCP chunk's compressed profile is broken")
            }
        }
        return .unreadable("its iCCP profile is larger than \(maxProfileBytes >> 20) MiB")
    }
}
