import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Removes temporaries that no writer holds any more (a writer killed mid-write), once per folder per
/// process: a batch writing thousands of frames into one folder lists it once, not once per frame.
///
/// A writer holds an exclusive `flock` on its temporary from creating it to renaming it, so a
/// temporary whose lock can be taken has no live writer — whatever PID namespace that writer ran
/// in, unlike `kill(pid, 0)`. Only temporaries older than a minute are looked at, which also closes
/// the moment between a writer creating its file and locking it.
final class TemporarySweep: Sendable {
    static let shared = TemporarySweep()

    /// Temporaries' names: `.gallery-render-` then 16 hex digits then `.tmp`, short whatever the target.
    static let prefix = ".gallery-render-"
    static let suffix = ".tmp"
    /// A new temporary's name: the prefix, 16 random hex digits, the suffix.
    static func newName() -> String {
        var generator = SystemRandomNumberGenerator()
        let hex = String(generator.next() as UInt64, radix: 16)
        return prefix + String(repeating: "0", count: 16 - hex.count) + hex + suffix
    }

    /// How old a temporary must be before it is swept.
    static let minimumAge: TimeInterval = 60

    private let swept = Locked<Set<String>>([])

    /// Sweeps `folder`, the first time it is asked for in this process.
    func sweep(_ folder: String) {
        let first = swept.withLock { $0.insert(folder).inserted }
        guard first else { return }
        let now = Date().timeIntervalSince1970
        for entry in DirectoryEntry.list(folder) where Self.isTemporary(entry.name) {
            Self.removeIfAbandoned("\(folder)/\(entry.name)", now: now)
        }
    }

    static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(prefix) && name.hasSuffix(suffix)
            && name.utf8.count == prefix.utf8.count + 16 + suffix.utf8.count
    }

    /// Unlinks the temporary at `path` when it is old enough and nobody holds its lock.
    private static func removeIfAbandoned(_ path: String, now: TimeInterval) {
        var status = stat()
        guard SystemPath.withCString(path, { lstat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFREG,
            now - TimeInterval(Self.modified(status)) >= minimumAge
        else { return }
        let descriptor = SystemPath.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW) }
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { _ = SystemPath.withCString(path) { unlink($0) } }
    }

    /// When the file was last modified, in seconds since 1970 (the field is named differently on Darwin).
    private static func modified(_ status: stat) -> Int {
        #if canImport(Darwin)
            Int(status.st_mtimespec.tv_sec)
        #else
            Int(status.st_mtim.tv_sec)
        #endif
    }
}
