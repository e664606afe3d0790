import GalleryCore

/// The part of a PNG file that its image needs, for a file larger than any encoding of its pixels
/// (an APNG's later frames, megabytes of text chunks, junk after IEND): the signature, the chunks up
/// to the last IDAT of the first run, and an IEND. Chunks after the image data are not read, nor are
/// ancillary chunks over 1 MiB before it (an iCCP profile up to 16 MiB is kept); each kept chunk is
/// whole, with its CRC, so the result is a valid PNG of the same image.
enum PNGImageChunks {
    /// Ancillary chunks larger than this are skipped (not read).
    static let largestKeptAncillary = 1 << 20
    /// IEND: length 0, type, CRC-32.
    static let end: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// The image's chunks of `file`, at most `limit` bytes of them (more and the decoder sees a
    /// truncated image, and says so).
    static func read(_ file: RegularFile, limit: Int) throws(DecodeError) -> [UInt8] {
        var out = try ImageDecoder.read(file, count: 8)
        var offset = 8
        var inImageData = false
        while offset + 12 <= file.size {
            let header = try ImageDecoder.read(file, count: 8, at: offset)
            guard header.count == 8 else { break }  // the file got shorter while being read
            let length = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: header[4..<8], as: UTF8.self)
            let total = 12 + length
            let isData = type == "IDAT"
            if (inImageData && !isData) || type == "IEND" { break }
            inImageData = isData
            let ancillary = header[4] & 0x20 != 0
            let kept =
                isData || !ancillary || length <= largestKeptAncillary
                || (type == "iCCP" && length <= PhotoReadLimit.metadataBytes)
            if kept {
                guard out.count + total <= limit else { break }
                out += try ImageDecoder.read(file, count: min(total, file.size - offset), at: offset)
            }
            offset += total
        }
        return out + end
    }
}
