#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a write to a path really goes, decided the way `cp` and `curl -o` decide it: a device, a
/// FIFO, a socket or a descriptor path (`/dev/stdout`, `/dev/fd/N`) is written into directly and
/// never replaced; a symlink is written through, atomically at its target; anything else is a
/// regular file replaced atomically.
enum OutputTarget: Equatable {
    /// Standard output (`-`).
    case standardOutput
    /// Opened and written in place: no temporary, nothing renamed.
    case direct(String)
    /// Written to a temporary beside `file`, then renamed over it; `mode` is the existing file's
    /// permission bits to keep, nil for a new file (which gets 0666 less the umask).
    case atomic(file: String, mode: mode_t?)

    /// Whether the write replaces a regular file through a temporary.
    var isAtomic: Bool {
        if case .atomic = self { return true }
        return false
    }

    /// Symlinks followed at most this many times, as the kernel's own limit (ELOOP past it).
    static let linkLimit = 40

    /// The target of a write to `path`, or the errno that stops it (ELOOP for a symlink loop).
    static func of(_ path: String) -> Result<OutputTarget, FileError> {
        if path == "-" { return .success(.standardOutput) }
        if isDescriptorPath(path) { return .success(.direct(path)) }
        var current = path
        for _ in 0...linkLimit {
            var status = stat()
            guard SystemPath.withCString(current, { lstat($0, &status) }) == 0 else {
                // Not there (or a file stands where a folder should: making the folder says so).
                let missing = errno == ENOENT || errno == ENOTDIR
                return missing ? .success(.atomic(file: current, mode: nil)) : .failure(.last(path, .write))
            }
            switch status.st_mode & S_IFMT {
            case S_IFLNK:
                guard let next = linkTarget(current) else { return .failure(.last(path, .write)) }
                if isDescriptorPath(next) { return .success(.direct(path)) }
                current = next
            case S_IFREG: return .success(.atomic(file: current, mode: status.st_mode & 0o7777))
            case S_IFDIR: return .failure(FileError(path: path, operation: .write, cause: .system(errno: EISDIR)))
            default: return .success(.direct(current))
            }
        }
        return .failure(FileError(path: path, operation: .write, cause: .system(errno: ELOOP)))
    }

    /// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`: an open descriptor, whatever it is.
    private static func isDescriptorPath(_ path: String) -> Bool {
        path == "/dev/stdout" || path == "/dev/stderr" || path.hasPrefix("/dev/fd/") || path.hasPrefix("/proc/self/fd/")
            || path.hasPrefix("/proc/\(getpid())/fd/")
    }

    /// Where the symlink at `link` points, made absolute against the link's folder.
    private static func linkTarget(_ link: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = SystemPath.withCString(link) { readlink($0, &buffer, buffer.count - 1) }
        guard count >= 0 else { return nil }
        let target = SystemPath.string(buffer[0..<count].map { UInt8(bitPattern: $0) })
        if SystemPath.isAbsolute(target) { return target }
        let folder = link.unicodeScalars.lastIndex(of: "/").map { String(link.unicodeScalars[..<$0]) } ?? "."
        return (folder.isEmpty ? "" : folder) + "/" + target
    }
}
