import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files atomically: a temporary file in the same folder, fsync, then rename over the target.
/// A failed or interrupted write never leaves a partial file and never damages an existing one.
public enum AtomicFile {
    /// Writes `bytes` to `path` (`-` means standard output), creating missing parent folders.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        if path == "-" {
            try writeAll(bytes, to: STDOUT_FILENO, path: "standard output")
            return
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        if let code = createFolders(folder) {
            throw FileError(path: path, operation: .createFolder(folder), cause: .system(errno: code))
        }
        var template = Array("\(folder)/.\(name).\(getpid()).tmp-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw .last(path, .write) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do throws(FileError) {
            defer { close(descriptor) }
            try writeAll(bytes, to: descriptor, path: path)
            guard fchmod(descriptor, 0o644) == 0, fsync(descriptor) == 0 else { throw .last(path, .write) }
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let error = FileError.last(path, .write)
            unlink(temporary)
            throw error
        }
        syncFolder(folder)
        removeAbandonedTemporaries(of: name, in: folder)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(FileError) {
        let failure: Int32? = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure { throw FileError(path: path, operation: .write, cause: .system(errno: failure)) }
    }

    private static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Deletes temporaries of `name` left by processes that no longer exist (killed mid-write).
    private static func removeAbandonedTemporaries(of name: String, in folder: String) {
        for (entry, pid) in TemporaryListing.shared.take(name, in: folder)
        where pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH {
            unlink("\(folder)/\(entry)")
        }
    }

    /// Makes `folder` and its missing parents, as `mkdir -p` does; the errno when that fails (ENOTDIR
    /// where a file stands in the way).
    private static func createFolders(_ folder: String) -> Int32? {
        if mkdir(folder, 0o777) == 0 { return nil }
        let code = errno
        switch code {
        case EEXIST:
            var status = stat()
            return stat(folder, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR ? nil : ENOTDIR
        case ENOENT:
            let parent = URL(fileURLWithPath: folder).deletingLastPathComponent().path
            guard parent != folder else { return code }
            if let failure = createFolders(parent) { return failure }
            if mkdir(folder, 0o777) == 0 || errno == EEXIST { return nil }
            return errno
        default:
            return code
        }
    }
}
