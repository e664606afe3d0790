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
                release()
                throw error
            }
        }
    }

    /// How a lock on the folder itself is held.
    public enum Access: Sendable {
        /// Readers: many at once, none while a writer holds it.
        case shared
        /// A writer: alone.
        case exclusive
    }

    /// Waits for, then takes, a lock on `folder` itself (its directory, opened without following a
    /// link; no file is made in it, so a baseline folder in a repository gains none). `waiting` is
    /// called once when another process holds it. The folder must exist.
    public init(onFolder folder: String, _ access: Access, waiting: () -> Void) throws(FileError) {
        descriptor = SystemPath.withCString(folder) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        // A folder that may be entered but not listed (mode 711) cannot be opened to be locked: it is
        // used unlocked, as before locks (no one without read access can record there either).
        if descriptor < 0, errno == EACCES { return }
        guard descriptor >= 0 else { throw .last(folder, .read) }
        let operation = access == .shared ? LOCK_SH : LOCK_EX
        if flock(descriptor, operation | LOCK_NB) == 0 { return }
        // A file system without locks (an old NFS mount) runs unlocked, as it did before locks.
        if [ENOLCK, EOPNOTSUPP, EINVAL].contains(errno) { return }
        if errno == EWOULDBLOCK { waiting() }
        while flock(descriptor, operation) != 0 {
            guard errno == EINTR else {
                let error = FileError.last(folder, .read)
                release()
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
