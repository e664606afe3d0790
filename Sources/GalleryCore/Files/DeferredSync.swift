import CProcess
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files written together (a report's images) that reach the disk together: each is still put in
/// place atomically (a temporary, then a rename), but instead of two fsyncs a file (the file, its
/// folder) they are synced once, by `flush()`: on Linux one syncfs per folder, elsewhere each file and
/// folder. What depends on them (the report's index.html) is written after the flush, as usual.
public final class DeferredSync: Sendable {
    private let written = Locked<[String]>([])

    public init() {}

    /// Notes `file`, just renamed into place, for the next flush.
    func add(_ file: String) { written.withLock { $0.append(file) } }

    /// Syncs what was written since the last flush; the first failure names the path.
    public func flush() throws(FileError) {
        let files = written.withLock { list in
            defer { list = [] }
            return list
        }
        var folders: [String] = []
        var seen: Set<String> = []
        for file in files {
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
            if seen.insert(folder).inserted { folders.append(folder) }
        }
        #if os(Linux)
            let synced = folders
        #else
            let synced = files + folders
        #endif
        for path in synced {
            let descriptor = SystemPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
            guard descriptor >= 0 else { throw .last(path, .write) }
            defer { close(descriptor) }
            guard gr_sync_file_system(descriptor) == 0 else { throw .last(path, .write) }
        }
    }
}
