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
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadable(reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(reason: String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .unreadable(reason: "not a regular file") }
        guard Int(status.st_size) <= limit else { throw .fileTooLarge(bytes: Int(status.st_size), limit: limit) }
        var failure: Int32 = 0
        let size = Int(status.st_size)
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let got = read(descriptor, buffer.baseAddress.map { $0 + count }, size - count)
                if got < 0, errno == EINTR { continue }
                if got < 0 { failure = errno }
                if got <= 0 { break }
                count += got
            }
        }
        if failure != 0 { throw .unreadable(reason: String(cString: strerror(failure))) }
        return bytes
    }
}
