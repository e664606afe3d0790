#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files written together (a report's images) that reach the disk together: each is still put in
/// place atomically (a temporary, then a rename), but synced by `flush()` rather than at once, each
/// file then each folder. By then the file system has committed most of them in one journal
/// transaction, so the syncs mostly return at once, where two a file (the file, its folder) each
/// waited for a commit. Not syncfs: that waits for every other program's writes to the disk too.
/// What depends on them (a report's index.html) is written after the flush. A power loss before it
/// may leave one of them empty.
public final class DeferredSync: Sendable {
    private let written = Locked<(files: [String], folders: [String])>(([], []))

    public init() {}

    /// Notes `file`, just renamed into place in `folder`, for the next flush.
    func add(_ file: String, in folder: String) {
        written.withLock { list in
            list.files.append(file)
            if list.folders.last != folder, !list.folders.contains(folder) { list.folders.append(folder) }
        }
    }

    /// Syncs what was written since the last flush, each file then each folder; the first failure
    /// names the path.
    public func flush() throws(FileError) {
        let list = written.withLock { list in
            defer { list = ([], []) }
            return list
        }
        for path in list.files + list.folders {
            let descriptor = SystemPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
            guard descriptor >= 0 else { throw .last(path, .write) }
            defer { close(descriptor) }
            guard fsync(descriptor) == 0 else { throw .last(path, .write) }
        }
    }
}
