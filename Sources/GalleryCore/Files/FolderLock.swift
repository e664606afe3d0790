#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive `flock` on a folder that several runs may write at once (a report folder): held on
/// `folder/.gallery-render.lock`, made with the folder if missing, until `release()` or the process
/// ends. A second run waits for the first instead of mixing its files with it.
public final class FolderLock {
    /// The lock file's name inside the folder.
    public static let fileName = ".gallery-render.lock"
    private var descriptor: Int32

    /// Waits for, then takes, the lock of `folder`.
    public init(_ folder: String) throws(FileError) {
        let path = SystemPath.joined(folder, Self.fileName)
        var made: [String] = []
        if let code = AtomicFile.createFolders(folder, made: &made) {
            throw FileError(path: folder, operation: .createFolder(folder), cause: .system(errno: code))
        }
        descriptor = SystemPath.withCString(path) { open($0, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o666) }
        guard descriptor >= 0 else { throw .last(path, .write) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let error = FileError.last(path, .write)
                close(descriptor)
                throw error
            }
        }
    }

    /// Gives the lock up (once; later calls do nothing).
    public func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
