#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open regular file, read with `pread`; closed when the last reference goes.
///
/// Opening never blocks: a FIFO or device is refused (opened non-blocking, then checked). Unchecked
/// Sendable, and safe: its properties never change after `init`, and `pread` takes its own offset,
/// so threads may read one file at once.
public final class RegularFile: @unchecked Sendable {
    /// The file's size when it was opened.
    public let size: Int
    /// The descriptor, open for reading as long as this object lives.
    public let descriptor: Int32

    /// The path it was opened at, for errors.
    public let path: String

    /// Opens the file at `path`, or throws why not, with the errno.
    public convenience init(path: String) throws(FileError) {
        let descriptor = SystemPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { throw .last(path, .read) }
        try self.init(descriptor: descriptor, path: path)
    }

    /// The file open at `descriptor` (taken over: closed with this object, or at once when it is no
    /// regular file), named `path` in messages.
    init(descriptor: Int32, path: String) throws(FileError) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = FileError.last(path, .read)
            close(descriptor)
            throw error
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw FileError(path: path, operation: .read, cause: .notRegularFile)
        }
        self.path = path
        self.descriptor = descriptor
        size = Int(status.st_size)
    }

    deinit { close(descriptor) }

    /// Reads up to `count` bytes at `offset` into `buffer`; fewer only at the end of the file.
    public func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) throws(FileError) -> Int {
        var done = 0
        while done < count {
            let got = pread(descriptor, buffer + done, count - done, off_t(offset + done))
            if got < 0, errno == EINTR { continue }
            if got < 0 { throw .last(path, .read) }
            if got == 0 { break }
            done += got
        }
        return done
    }

    /// Whether both files hold the same bytes, read in 256 KiB pieces: no more than the first
    /// difference is read, and nothing file-sized is allocated.
    public static func sameBytes(_ a: RegularFile, _ b: RegularFile) throws(FileError) -> Bool {
        guard a.size == b.size else { return false }
        let piece = 256 << 10
        let buffers = UnsafeMutableRawPointer.allocate(byteCount: 2 * piece, alignment: 64)
        defer { buffers.deallocate() }
        var offset = 0
        while offset < a.size {
            let count = min(piece, a.size - offset)
            guard try a.read(into: buffers, count: count, at: offset) == count,
                try b.read(into: buffers + piece, count: count, at: offset) == count
            else { return false }  // a file got shorter while being read
            if memcmp(buffers, buffers + piece, count) != 0 { return false }
            offset += count
        }
        return true
    }
}
