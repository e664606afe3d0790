import CProcess
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written in pieces, with AtomicFile's guarantees: into a temporary in the target's folder
/// (locked, and removed if a signal ends the process), then synced and renamed over the target by
/// `commit()`. Dropped without a commit, or after any error, the temporary is gone and the target
/// untouched, so a long animation reaches the disk as it is encoded instead of being held in memory.
/// Standard output, a device or a FIFO gets the pieces at `commit()`, so a failure writes nothing
/// there either.
public final class AtomicFileStream {
    /// Where the pieces go until the commit.
    private enum Destination {
        case temporary(descriptor: Int32, path: String, file: String, mode: mode_t?, slot: Int32)
        case held(OutputTarget)
    }

    /// The path as given, for messages.
    public let path: String
    private var destination: Destination?
    private var held: [UInt8] = []

    /// Opens the temporary for `path` (`-` means standard output), creating missing parent folders.
    public init(path: String) throws(FileError) {
        self.path = path
        switch OutputTarget.of(path) {
        case .failure(let error): throw error
        case .success(.atomic(let file, let mode)):
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
            if let code = AtomicFile.createFolders(folder) {
                throw FileError(path: path, operation: .createFolder(folder), cause: .system(errno: code))
            }
            gr_cleanup_install()
            let (descriptor, temporary) = try AtomicFile.createTemporary(in: folder, reportedAs: path)
            let slot = SystemPath.withCString(temporary) { gr_cleanup_add($0) }
            destination = .temporary(descriptor: descriptor, path: temporary, file: file, mode: mode, slot: slot)
            // The lock is the writer's, until close: taken before anything else can see the file.
            guard flock(descriptor, LOCK_EX) == 0 else { throw discarding(.last(path, .write)) }
        case .success(let target): destination = .held(target)
        }
    }

    deinit { discard() }

    /// Adds `bytes` to the file.
    public func append(_ bytes: [UInt8]) throws(FileError) {
        switch destination {
        case .temporary(let descriptor, _, _, _, _)?:
            do throws(FileError) { try AtomicFile.writeAll(bytes, to: descriptor, path: path) } catch {
                throw discarding(error)
            }
        case .held?: if held.isEmpty { held = bytes } else { held += bytes }
        case nil: throw FileError(path: path, operation: .write, cause: .system(errno: EBADF))
        }
    }

    /// Puts the file in place: the temporary synced and renamed over the target (keeping an
    /// existing file's permission bits), or what was held written out.
    public func commit() throws(FileError) {
        switch destination {
        case .temporary(let descriptor, let temporary, let file, let mode, let slot)?:
            if let mode, fchmod(descriptor, mode) != 0 { throw discarding(.last(path, .write)) }
            guard fsync(descriptor) == 0 else { throw discarding(.last(path, .write)) }
            guard SystemPath.withCString(temporary, { from in SystemPath.withCString(file) { rename(from, $0) } }) == 0
            else { throw discarding(.last(path, .write)) }
            close(descriptor)
            gr_cleanup_remove(slot)
            destination = nil
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
            AtomicFile.syncFolder(folder)
            TemporarySweep.shared.sweep(folder)
        case .held(let target)?:
            destination = nil
            try AtomicFile.writeOut(held, to: target, reportedAs: path)
            held = []
        case nil: throw FileError(path: path, operation: .write, cause: .system(errno: EBADF))
        }
    }

    /// Removes the temporary (or drops what was held); the target stays as it was.
    public func discard() {
        if case .temporary(let descriptor, let temporary, _, _, let slot)? = destination {
            _ = SystemPath.withCString(temporary) { unlink($0) }
            close(descriptor)
            gr_cleanup_remove(slot)
        }
        destination = nil
        held = []
    }

    /// `error`, after discarding.
    private func discarding(_ error: FileError) -> FileError {
        discard()
        return error
    }
}
