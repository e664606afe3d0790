extension RegularFile {
    /// The bytes of the regular file at `path`, read straight into the array: a manifest, a report's
    /// results or image, a layout. A file larger than `limit` is refused before anything is allocated,
    /// and a FIFO or device without blocking.
    public static func contents(atPath path: String, limit: Int) throws(FileError) -> [UInt8] {
        try RegularFile(path: path).contents(limit: limit)
    }

    /// The whole file, refused past `limit` bytes before anything is allocated.
    public func contents(limit: Int) throws(FileError) -> [UInt8] {
        guard size <= limit else {
            throw FileError(path: path, operation: .read, cause: .tooLarge(bytes: size, limit: limit))
        }
        return try bytes(count: size)
    }

    /// `count` bytes from `offset` (fewer at the end of the file), in memory that is checked before it
    /// is used: running out is `.outOfMemory`, never an abort.
    public func bytes(count: Int, at offset: Int = 0) throws(FileError) -> [UInt8] {
        // An empty array's storage is shared by every empty array: never initialise it, even to 0.
        guard count > 0 else { return [] }
        guard var bytes = LargeArray.uninitialized(UInt8.self, count: count) else {
            throw FileError(path: path, operation: .read, cause: .outOfMemory(bytes: count))
        }
        var failure: FileError?
        let got = bytes.withUnsafeMutableBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            do throws(FileError) { return try read(into: base, count: count, at: offset) } catch {
                failure = error
                return 0
            }
        }
        if let failure { throw failure }
        // A file that got shorter while being read: what it held.
        if got < count { bytes.removeLast(count - got) }
        return bytes
    }
}
