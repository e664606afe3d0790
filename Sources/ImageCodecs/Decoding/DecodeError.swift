import GalleryCore

/// Why a photo could not be decoded. Each case carries what a person needs to fix it.
public enum DecodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be read from disk: the path and the errno.
    case unreadable(FileError)
    /// The file is empty.
    case empty
    /// The file is larger than any image within the budget could be.
    case fileTooLarge(bytes: Int, limit: Int)
    /// The bytes are none of the formats gallery-render reads.
    case unrecognizedFormat
    /// The header declares more pixels than the budget allows.
    case overBudget(width: Int, height: Int, budget: PixelBudget)
    /// A progressive JPEG with more scans than allowed.
    case tooManyScans(limit: Int)
    /// A JPEG whose scans together decode more than `limit` blocks.
    case tooManyScanBlocks(limit: Int)
    /// A 12-bit JPEG.
    case unsupported12BitJPEG
    /// The codec refused the data; `message` is the library's own (libpng, libjpeg, libheif, libwebp).
    case corrupt(format: ImageFormat, message: String)
    /// The library that decodes `format` cannot be opened (libheif, opened on the first HEIF photo);
    /// `message` says why.
    case codecUnavailable(format: ImageFormat, message: String)
    /// Memory ran out: `bytes` is what could not be had, when known.
    case outOfMemory(bytes: Int?)
    /// The fast PNG reader, asked alone (`PNGReader.fast`, a test seam), does not take this file; the
    /// normal path hands it to libpng.
    case declined

    public var description: String {
        switch self {
        case .unreadable(let error): "cannot read file: \(error.reason)"
        case .empty: "empty file"
        case .fileTooLarge(let bytes, let limit):
            "file of \(bytes) bytes is larger than any image within the pixel budget (\(limit) bytes)"
        case .unrecognizedFormat: "not a PNG, JPEG, HEIF, AVIF or WebP image"
        case .overBudget(let width, let height, let budget):
            "\(width)x\(height) is over the pixel budget (\(budget.maxPixels) pixels, \(budget.maxSide) px per side)"
        case .tooManyScans(let limit): "progressive JPEG has more than \(limit) scans"
        case .tooManyScanBlocks(let limit): "progressive JPEG's scans decode more than \(limit) blocks in all"
        case .unsupported12BitJPEG: "12-bit JPEG is not supported"
        case .corrupt(let format, let message): "corrupt \(format.displayName): \(message)"
        case .codecUnavailable(let format, let message): "cannot decode \(format.displayName): \(message)"
        case .outOfMemory(let bytes):
            bytes.map { OutOfMemory(bytes: $0).description } ?? "out of memory"
        case .declined: "left to libpng by the fast PNG reader"
        }
    }
}
