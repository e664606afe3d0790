import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files atomically: a temporary file in the same folder, fsync, then rename over the target.
/// A failed or interrupted write never leaves a partial file and never damages an existing one.
public enum AtomicFile {
    /// Why a file could not be written.
    public struct WriteError: Error, Sendable, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `bytes` to `path` (`-` means standard output), creating missing parent folders.
    public static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        if path == "-" {
            try writeAll(bytes, to: STDOUT_FILENO, path: "standard output")
            return
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: path, reason: "cannot create folder \(folder)")
        }
        var template = Array("\(folder)/.\(name).\(getpid()).tmp-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw WriteError(path: path, reason: systemError()) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do throws(WriteError) {
            defer { close(descriptor) }
            try writeAll(bytes, to: descriptor, path: path)
            guard fchmod(descriptor, 0o644) == 0, fsync(descriptor) == 0 else {
                throw WriteError(path: path, reason: systemError())
            }
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = systemError()
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
        syncFolder(folder)
        removeAbandonedTemporaries(of: name, in: folder)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(WriteError) {
        let failure: String? = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return systemError()
                }
                offset += written
            }
            return nil
        }
        if let failure { throw WriteError(path: path, reason: failure) }
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

    private static func systemError() -> String { String(cString: strerror(errno)) }
}
