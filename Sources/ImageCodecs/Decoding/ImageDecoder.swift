import GalleryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decodes PNG, JPEG, HEIF, AVIF and WebP photos, choosing the codec by magic bytes, and converts
/// them into the colour space the options ask for.
public enum ImageDecoder {
    /// Decodes `bytes`, whatever they hold: the result is upright pixels or a typed error. With
    /// `options.colorSpace`, the pixels are converted into it from the photo's embedded colour.
    public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws(DecodeError)
        -> DecodedImage
    {
        guard !bytes.isEmpty else { throw .empty }
        var decoded: DecodedImage
        switch ImageFormat(sniffing: bytes) {
        case .png: decoded = try PNGDecoder.decode(bytes, options: options)
        case .jpeg: decoded = try JPEGDecoder.decode(bytes, options: options)
        case .heif: decoded = try HEIFDecoder.decode(bytes, format: .heif, options: options)
        case .avif: decoded = try HEIFDecoder.decode(bytes, format: .avif, options: options)
        case .webp: decoded = try WebPDecoder.decode(bytes, options: options)
        case nil: throw .unrecognizedFormat
        }
        if decoded.format == .png || decoded.format == .webp {
            let divisor = options.reductionDivisor(for: decoded.decodedSize)
            if divisor > 1 {
                guard let image = BoxReduction.reduce(decoded.image, by: divisor) else {
                    throw .outOfMemory(bytes: nil)
                }
                let size = PixelSize(width: image.width, height: image.height)
                decoded.image = image
                decoded.region = ImageRegion(whole: size)
                decoded.decodedSize = size
                decoded.scaleEighths = 8 / divisor
            }
        }
        if let space = options.colorSpace, decoded.colorSpace != space {
            if options.defersColorConversion {
                decoded.pendingColorSpace = space
            } else {
                ColorConversion.convert(&decoded, to: space)
            }
        }
        return decoded
    }

    /// The colour description a PNG or JPEG carries, read from its chunks or markers without decoding;
    /// `.untagged` for other formats.
    public static func embeddedColor(of bytes: [UInt8]) -> EmbeddedColor {
        switch ImageFormat(sniffing: bytes) {
        case .png: ColorProfileReader.png(bytes)
        case .jpeg: ColorProfileReader.jpeg(bytes)
        default: .untagged
        }
    }

    /// Reads and decodes the file at `path`.
    public static func decodeFile(atPath path: String, options: DecodeOptions = DecodeOptions()) throws(DecodeError)
        -> DecodedImage
    {
        try decode(readPhoto(atPath: path, budget: options.budget), options: options)
    }

    /// The bytes of a regular file, read straight into the array (one copy, no mapping), or
    /// `.unreadable` naming the system's reason. A file larger than `limit` is refused before anything
    /// is allocated; a FIFO or device is refused without blocking.
    public static func readBytes(atPath path: String, limit: Int = PixelBudget.standard.maxFileBytes)
        throws(DecodeError)
        -> [UInt8]
    {
        let file = try open(path)
        guard file.size <= limit else { throw .fileTooLarge(bytes: file.size, limit: limit) }
        return try read(file, count: file.size)
    }

    /// The bytes of the photo at `path` that a decode within `budget` can use. The header says how
    /// many pixels the image has, and no more is read than any encoding of them needs
    /// (`PhotoReadLimit`): a small image followed by gigabytes costs kilobytes.
    public static func readPhoto(atPath path: String, budget: PixelBudget = .standard) throws(DecodeError) -> [UInt8] {
        try readPhoto(try open(path), budget: budget)
    }

    /// `readPhoto(atPath:budget:)` of a file already open (one a `ContainedPath` walk opened).
    public static func readPhoto(_ file: RegularFile, budget: PixelBudget = .standard) throws(DecodeError) -> [UInt8] {
        var prefix = try read(file, count: min(file.size, PhotoReadLimit.firstRead))
        var limit = PhotoReadLimit(prefix, fileSize: file.size, budget: budget)
        if case .moreHeader = limit {
            prefix = try read(file, count: min(file.size, PhotoReadLimit.metadataBytes))
            limit = PhotoReadLimit(prefix, fileSize: file.size, budget: budget)
        }
        var count = min(file.size, limit.bytes(fileSize: file.size))
        if case .boxes = limit {
            let end = try ISOBoxExtent.end(fileSize: file.size) { offset throws(DecodeError) in
                try read(file, count: 16, at: offset)
            }
            count = min(end, budget.maxFileBytes)
        }
        // A PNG longer than its pixels need: its image's chunks, not the first bytes (an APNG's later
        // frames or big text chunks would otherwise cut off the image data or IEND).
        if case .bounded = limit, count < file.size, ImageFormat(sniffing: prefix) == .png {
            return try PNGImageChunks.read(file, limit: count)
        }
        return count <= prefix.count ? Array(prefix.prefix(count)) : try read(file, count: count)
    }

    /// The first `count` bytes of the regular file at `path` (fewer when it is shorter).
    public static func readPrefix(atPath path: String, count: Int) throws(DecodeError) -> [UInt8] {
        try readPrefix(try open(path), count: count)
    }

    /// The first `count` bytes of `file` (fewer when it is shorter).
    public static func readPrefix(_ file: RegularFile, count: Int) throws(DecodeError) -> [UInt8] {
        try read(file, count: min(count, file.size))
    }

    private static func open(_ path: String) throws(DecodeError) -> RegularFile {
        do { return try RegularFile(path: path) } catch { throw .unreadable(error) }
    }

    /// `count` bytes of `file` from `offset` (fewer at its end), in memory checked before it is
    /// allocated (`RegularFile.bytes`).
    static func read(_ file: RegularFile, count: Int, at offset: Int = 0) throws(DecodeError) -> [UInt8] {
        do { return try file.bytes(count: count, at: offset) } catch {
            if case .outOfMemory(let bytes) = error.cause { throw .outOfMemory(bytes: bytes) }
            throw .unreadable(error)
        }
    }
}
