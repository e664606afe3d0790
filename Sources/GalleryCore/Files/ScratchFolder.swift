import CProcess
#if canImport(Glibc)
    import Glibc
#endif

/// A folder of this process's own under the temporary directory (made by `mkdtemp`, mode 0700),
/// removed with all it holds by `remove()`, or by the signal handler when SIGINT, SIGTERM, SIGHUP,
/// SIGPIPE or SIGXFSZ ends the process first. One at a time.
public struct ScratchFolder: Sendable {
    public let path: String

    /// Makes `$TMPDIR/<prefix>XXXXXX` (`/tmp` without TMPDIR), every byte of TMPDIR kept.
    public init(prefix: String) throws(FileError) {
        let folder = Self.temporaryDirectory
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        var template = SystemPath.bytes(base + prefix + "XXXXXX").map { CChar(bitPattern: $0) } + [0]
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkdtemp($0) != nil } ?? false
        }
        guard made else {
            throw FileError(path: base + prefix, operation: .createFolder(base), cause: .system(errno: errno))
        }
        // mkdtemp filled in the Xs; the last element is the terminating NUL.
        path = SystemPath.string(template.dropLast().map { UInt8(bitPattern: $0) })
        gr_cleanup_install()
        _ = SystemPath.withCString(path) { gr_cleanup_set_folder($0) }
    }

    /// `$TMPDIR`, every byte of it kept, or `/tmp` without it.
    public static var temporaryDirectory: String {
        let variable = getenv("TMPDIR").map { SystemPath.string(UnsafeRawBufferPointer(start: $0, count: strlen($0))) }
        return variable.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// Removes the folder and what it holds, then forgets it: a signal during the removal still
    /// finds it registered and finishes the removal (found by review: unregistered first, a SIGINT
    /// then left a folder of frames behind).
    public func remove() {
        SystemPath.withCString(path) { gr_remove_tree($0) }
        _ = gr_cleanup_set_folder(nil)
    }
}
