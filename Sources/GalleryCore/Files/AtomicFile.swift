import CProcess
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files as a careful Unix tool does. A regular file (new, or existing, through any symlinks)
/// is written to a temporary in its folder, synced, then renamed over it: a failed or interrupted write
/// never leaves a partial file and never damages an existing one, and an existing file keeps its
/// permission bits (a new one gets 0666 less the umask). A device, FIFO, socket or descriptor path
/// (`/dev/null`, `/dev/stdout`, `>(…)`) is written into directly and never replaced.
///
/// While a temporary is being written it holds an exclusive `flock` (so another process, in any PID
/// namespace, can tell it is live) and is registered for removal if SIGINT, SIGTERM or SIGHUP ends
/// the process.
public enum AtomicFile {
    /// Whether a write to `path` replaces a regular file (atomically), rather than going into a
    /// stream (standard output, a device, a FIFO), where a second write would add to the first.
    public static func replacesFile(_ path: String) -> Bool {
        (try? OutputTarget.of(path).get())?.isAtomic ?? false
    }

    /// Why a write to `path` would fail whatever is written, found before any work: a folder standing
    /// in its place or named by a trailing `/`, a file where a folder on its way should be (the error
    /// making that folder gives), a file name longer than the system takes (ENAMETOOLONG), a symlink
    /// loop; nil when the write can be tried.
    public static func checkWritable(_ path: String) -> FileError? {
        switch OutputTarget.of(path) {
        case .failure(let error): return error
        case .success(.atomic(let file, _)):
            if file.hasSuffix("/") { return FileError(path: path, operation: .write, cause: .system(errno: EISDIR)) }
            let name = SystemPath.lastComponent(file)
            guard SystemPath.bytes(name).count <= Int(NAME_MAX) else {
                return FileError(path: path, operation: .write, cause: .system(errno: ENAMETOOLONG))
            }
            if let (folder, code) = unmakeableFolder(SystemPath.parent(path)) {
                return FileError(path: path, operation: .createFolder(folder), cause: .system(errno: code))
            }
            return nil
        case .success: return nil
        }
    }

    /// The missing folder nearest `folder` (or it) that cannot be made because a file stands on its
    /// way (`afile/sub` for `afile/sub/x.png`, or `afile` itself for `afile/x.png`: ENOTDIR) or a
    /// link to nothing stands in its place (EEXIST, as `mkdir` says); nil when the nearest existing
    /// one is a folder, or cannot be told (left to the write to say).
    private static func unmakeableFolder(_ folder: String) -> (String, Int32)? {
        var current = folder
        var below = folder
        while !current.isEmpty, current != "/" {
            var status = stat()
            if SystemPath.withCString(current, { stat($0, &status) }) == 0 {
                guard status.st_mode & S_IFMT != S_IFDIR else { return nil }
                return (current == folder ? folder : below, ENOTDIR)
            }
            guard errno == ENOENT || errno == ENOTDIR else { return nil }
            // A dangling link (found by review: `--out` naming one failed every scene, a line each).
            if errno == ENOENT, SystemPath.withCString(current, { lstat($0, &status) }) == 0 {
                return (current, EEXIST)
            }
            below = current
            current = SystemPath.parent(current)
        }
        return nil
    }

    /// The regular file a write to `path` would replace or create, every link on the way followed, as
    /// its folder's canonical path and its name; nil for a stream, a device or a path that cannot
    /// be written. `folder` gives a folder's canonical path (a caller asking for many files in a few
    /// folders can keep them).
    public static func writtenFile(
        _ path: String, folder: (String) -> String? = SystemPath.canonical
    ) -> (path: String, exists: Bool)? {
        guard case .success(.atomic(let file, let mode)) = OutputTarget.of(path) else { return nil }
        let (name, parent) = (SystemPath.lastComponent(file), SystemPath.parent(file))
        guard name != ".", name != "..", let folder = folder(parent.isEmpty ? "." : parent) else {
            return SystemPath.canonical(file).map { ($0, mode != nil) }
        }
        return (SystemPath.joined(folder, name), mode != nil)
    }

    /// Writes `bytes` to `path` (`-` means standard output), creating missing parent folders; with
    /// `sync`, synced by its flush (with the batch's other files) rather than now.
    public static func write(_ bytes: [UInt8], to path: String, sync: DeferredSync? = nil) throws(FileError) {
        // Bytes already whole go straight into a stream; a file gets the temporary and the rename.
        if case .success(let target) = OutputTarget.of(path), !target.isAtomic {
            return try writeOut(bytes, to: target, reportedAs: path)
        }
        let stream = try AtomicFileStream(path: path, sync: sync)
        try stream.append(bytes)
        try stream.commit()
    }

    /// `bytes` into standard output, or into a device, FIFO or descriptor in place (a regular file
    /// goes through AtomicFileStream's temporary instead).
    static func writeOut(_ bytes: [UInt8], to target: OutputTarget, reportedAs path: String) throws(FileError) {
        try writeOut(to: target, reportedAs: path) { descriptor, name throws(FileError) in
            try writeAll(bytes, to: descriptor, path: name)
        }
    }

    /// `write` given the descriptor of standard output or of the device, FIFO or descriptor path
    /// opened in place, and the name to report it by.
    static func writeOut(
        to target: OutputTarget, reportedAs path: String,
        _ write: (Int32, String) throws(FileError) -> Void
    ) throws(FileError) {
        switch target {
        case .standardOutput: try write(STDOUT_FILENO, "standard output")
        case .direct(let device):
            let descriptor = SystemPath.withCString(device) { open($0, O_WRONLY | O_CLOEXEC) }
            guard descriptor >= 0 else { throw .last(path, .write) }
            defer { close(descriptor) }
            try write(descriptor, path)
        // Not reached: only the others are written out.
        case .atomic: throw FileError(path: path, operation: .write, cause: .system(errno: EINVAL))
        }
    }

    /// A new, empty temporary in `folder`, 0666 less the umask: its descriptor and path. Its name is
    /// short whatever the target's, so a 255-byte file name still gets one.
    ///
    /// With `registering`, the name is registered for a signal's cleanup before the file exists, so a
    /// signal arriving just after it is made still removes it: the slot is returned (else -1).
    static func createTemporary(in folder: String, reportedAs path: String, registering: Bool = false)
        throws(FileError) -> (descriptor: Int32, path: String, slot: Int32)
    {
        while true {
            let temporary = folder + "/" + TemporarySweep.newName()
            let slot = registering ? SystemPath.withCString(temporary) { gr_cleanup_add($0) } : -1
            let descriptor = SystemPath.withCString(temporary) {
                open($0, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            }
            if descriptor >= 0 { return (descriptor, temporary, slot) }
            let code = errno
            if registering { gr_cleanup_remove(slot) }
            if code != EEXIST { throw FileError(path: path, operation: .write, cause: .system(errno: code)) }
        }
    }

    static func writeAll(_ bytes: some ContiguousBytes, to descriptor: Int32, path: String) throws(FileError) {
        if let failure = DescriptorWrite.all(bytes, to: descriptor) {
            throw FileError(path: path, operation: .write, cause: .system(errno: failure))
        }
    }

    static func syncFolder(_ folder: String) {
        let descriptor = SystemPath.withCString(folder) { open($0, O_RDONLY | O_DIRECTORY) }
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Removes the regular file a write to `path` would replace, links followed as a write follows
    /// them: an earlier run's output this run has none for. Whether one was removed; a stream, a
    /// device or a folder is left alone.
    public static func removeReplaced(_ path: String) -> Bool {
        guard let (file, exists) = writtenFile(path), exists else { return false }
        return SystemPath.withCString(file) { unlink($0) } == 0
    }

    /// Makes `folder` and its missing parents, as `mkdir -p` does, or throws why not, with the errno.
    public static func makeFolders(_ folder: String) throws(FileError) {
        var made: [String] = []
        if let code = createFolders(folder, made: &made) {
            throw FileError(path: folder, operation: .createFolder(folder), cause: .system(errno: code))
        }
    }

    /// Makes `folder` and its missing parents, as `mkdir -p` does, adding those it made to `made`
    /// (outermost first); the errno when that fails (ENOTDIR where a file stands in the way).
    static func createFolders(_ folder: String, made: inout [String]) -> Int32? {
        // The scratch folder is made once; missing, a signal's cleanup removed it as the process ends.
        if SystemPath.withCString(folder, { gr_cleanup_is_folder($0) }) != 0 {
            var status = stat()
            return SystemPath.withCString(folder, { stat($0, &status) }) == 0 ? nil : ENOENT
        }
        if SystemPath.withCString(folder, { mkdir($0, 0o777) }) == 0 {
            made.append(folder)
            return nil
        }
        let code = errno
        switch code {
        case EEXIST:
            var status = stat()
            return SystemPath.withCString(folder, { stat($0, &status) }) == 0 && status.st_mode & S_IFMT == S_IFDIR
                ? nil : ENOTDIR
        case ENOENT:
            let parent = URL(fileURLWithPath: folder).deletingLastPathComponent().path
            guard parent != folder else { return code }
            if let failure = createFolders(parent, made: &made) { return failure }
            if SystemPath.withCString(folder, { mkdir($0, 0o777) }) == 0 {
                made.append(folder)
                return nil
            }
            return errno == EEXIST ? nil : errno
        default:
            return code
        }
    }
}
