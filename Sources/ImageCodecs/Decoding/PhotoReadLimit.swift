import GalleryCore

/// How much of a photo file a decode can use, from what its first bytes say. A HEIF or AVIF is read
/// as far as its top-level boxes reach, a WebP as far as its RIFF header says, up to the budget's
/// file size.
///
/// Everything an image needs lies within `pixels × 16 + metadataBytes` bytes of its start: 16 bytes
/// per pixel is twice 16-bit RGBA stored uncompressed, and 16 MiB holds any JPEG's APP segments (an
/// ICC profile is at most 255 × 64 KiB) or PNG's ancillary chunks. Bytes past that are not image data
/// (an iPhone's MPF gain map after the JPEG's EOI, or junk); if they were, the decode sees a
/// truncated image and says so.
enum PhotoReadLimit: Equatable {
    /// The header was read: at most this many bytes.
    case bounded(Int)
    /// Not an image, a PNG without IHDR first, or over the budget: the first bytes are enough for
    /// the decoder to say so.
    case firstBytes
    /// A JPEG whose frame header is not in the first bytes (large APP segments before it).
    case moreHeader
    /// No frame header within `metadataBytes`: that much, and the decoder says what is wrong.
    case metadataOnly
    /// A HEIF or AVIF: as far as its top-level boxes reach (`ISOBoxExtent`), within the budget.
    case boxes

    /// Bytes read before anything else.
    static let firstRead = 64 << 10
    /// Room for metadata before and after the image data.
    static let metadataBytes = 16 << 20

    /// The limit for a file of `fileSize` bytes starting with `prefix`.
    init(_ prefix: [UInt8], fileSize: Int, budget: PixelBudget) {
        let size: PixelSize?
        switch ImageFormat(sniffing: prefix) {
        case .png: size = PNGDecoder.declaredSize(prefix)
        case .jpeg: size = try? JPEGDecoder.header(prefix)
        case .heif, .avif:
            // Their decoders need every box (in any order): as far as the boxes reach, which
            // `ImageDecoder.readPhoto` walks; the budget is checked from the boxes before any pixel.
            self = .boxes
            return
        case .webp:
            // The RIFF header gives the file's length; the budget is checked from the VP8 headers.
            let length = prefix.count >= 8 ? prefix[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) } : 0
            self = .bounded(min(budget.maxFileBytes, length + 8 + length % 2))
            return
        case nil: size = nil
        }
        if let size {
            self = budget.allows(size) ? .bounded(size.width * size.height * 16 + Self.metadataBytes) : .firstBytes
        } else if ImageFormat(sniffing: prefix) == .jpeg, prefix.count < fileSize {
            self = prefix.count < Self.metadataBytes ? .moreHeader : .metadataOnly
        } else {
            self = .firstBytes
        }
    }

    /// The most bytes to read of a file of `fileSize`.
    func bytes(fileSize: Int) -> Int {
        switch self {
        case .bounded(let limit): min(limit, fileSize)
        case .firstBytes: min(Self.firstRead, fileSize)
        case .moreHeader, .metadataOnly: min(Self.metadataBytes, fileSize)
        case .boxes: fileSize
        }
    }
}
