import CProcess
import Foundation

/// A folder of this process's own under the temporary directory (made by `mkdtemp`, mode 0700),
/// removed with all it holds by `remove()`, or by the signal handler when SIGINT, SIGTERM, SIGHUP,
/// SIGPIPE or SIGXFSZ ends the process first. One at a time.
public struct ScratchFolder: Sendable {
    public let path: String

    /// Makes `$TMPDIR/<prefix>XXXXXX`.
    public init(prefix: String) throws(FileError) {
        let base = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
        var template = Array((base + prefix + "XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkdtemp($0) != nil } ?? false
        }
        guard made else {
            throw FileError(path: base + prefix, operation: .createFolder(base), cause: .system(errno: errno))
        }
        // mkdtemp filled in the Xs; the last element is the terminating NUL.
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        gr_cleanup_install()
        _ = gr_cleanup_set_folder(path)
    }

    /// Removes the folder and what it holds.
    public func remove() {
        _ = gr_cleanup_set_folder(nil)
        try? FileManager.default.removeItem(atPath: path)
    }
}
