import GalleryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decodes PNG and JPEG photos, choosing the codec by magic bytes.
public enum ImageDecoder {
    /// Decodes `bytes`, whatever they hold: the result is upright pixels or a typed error.
    public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws(DecodeError)
        -> DecodedImage
    {
        guard !bytes.isEmpty else { throw .empty }
        switch ImageFormat(sniffing: bytes) {
        case .png: return try PNGDecoder.decode(bytes, options: options)
        case .jpeg: return try JPEGDecoder.decode(bytes, options: options)
        case nil: throw .unrecognizedFormat
        }
    }

    /// Reads and decodes the file at `path`.
    public static func decodeFile(atPath path: String, options: DecodeOptions = DecodeOptions()) throws(DecodeError)
        -> DecodedImage
    {
        try decode(readBytes(atPath: path, limit: options.budget.maxFileBytes), options: options)
    }

    /// The bytes of a regular file, read straight into the array (one copy, no mapping), or
    /// `.unreadable` naming the system's reason. A file larger than `limit` is refused before anything
    /// is allocated; a FIFO or device is refused without blocking.
    public static func readBytes(atPath path: String, limit: Int = PixelBudget.standard.maxFileBytes)
        throws(DecodeError)
        -> [UInt8]
    {
        let file: RegularFile
        do { file = try RegularFile(path: path) } catch { throw .unreadable(error) }
        guard file.size <= limit else { throw .fileTooLarge(bytes: file.size, limit: limit) }
        // An empty array's storage is shared by every empty array: never initialise it, even to 0.
        guard file.size > 0 else { return [] }
        var failure: FileError?
        let bytes = [UInt8](unsafeUninitializedCapacity: file.size) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            do throws(FileError) { count = try file.read(into: base, count: file.size, at: 0) } catch {
                failure = error
            }
        }
        if let failure { throw .unreadable(failure) }
        return bytes
    }
}
