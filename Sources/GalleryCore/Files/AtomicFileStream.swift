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
/// there either. Missing parent folders are made for the temporary, and removed again (when empty)
/// if the file is not committed, by a signal too: a failed write leaves no trace.
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
    /// The folders made for the temporary, outermost first, and their slots for a signal's cleanup.
    private var madeFolders: [(path: String, slot: Int32)] = []

    /// Opens the temporary for `path` (`-` means standard output), creating missing parent folders.
    public init(path: String) throws(FileError) {
        self.path = path
        switch OutputTarget.of(path) {
        case .failure(let error): throw error
        case .success(.atomic(let file, let mode)):
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
            gr_cleanup_install()
            let (descriptor, temporary) = try temporary(in: folder)
            let slot = SystemPath.withCString(temporary) { gr_cleanup_add($0) }
            destination = .temporary(descriptor: descriptor, path: temporary, file: file, mode: mode, slot: slot)
            // The lock is the writer's, until close: taken before anything else can see the file.
            guard flock(descriptor, LOCK_EX) == 0 else { throw discarding(.last(path, .write)) }
        case .success(let target): destination = .held(target)
        }
    }

    deinit { discard() }

    /// A new temporary in `folder`, made with its missing parents. Another writer of this process
    /// whose own file failed may remove a folder it made between the mkdir here and the open: then
    /// the folders are made again, a few times.
    private func temporary(in folder: String) throws(FileError) -> (Int32, String) {
        for attempt in 1...3 {
            var made: [String] = []
            let code = AtomicFile.createFolders(folder, made: &made)
            madeFolders += made.map { made in (made, SystemPath.withCString(made) { gr_cleanup_add($0) }) }
            if let code {
                throw discarding(FileError(path: path, operation: .createFolder(folder), cause: .system(errno: code)))
            }
            do throws(FileError) { return try AtomicFile.createTemporary(in: folder, reportedAs: path) } catch {
                guard error.cause == .system(errno: ENOENT), attempt < 3 else { throw discarding(error) }
            }
        }
        throw discarding(FileError(path: path, operation: .write, cause: .system(errno: ENOENT)))
    }

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
            for made in madeFolders { gr_cleanup_remove(made.slot) }
            madeFolders = []
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

    /// Removes the temporary and the folders made for it, when empty (or drops what was held); the
    /// target stays as it was.
    public func discard() {
        if case .temporary(let descriptor, let temporary, _, _, let slot)? = destination {
            _ = SystemPath.withCString(temporary) { unlink($0) }
            close(descriptor)
            gr_cleanup_remove(slot)
        }
        for made in madeFolders.reversed() {
            _ = SystemPath.withCString(made.path) { rmdir($0) }
            gr_cleanup_remove(made.slot)
        }
        madeFolders = []
        destination = nil
        held = []
    }

    /// `error`, after discarding.
    private func discarding(_ error: FileError) -> FileError {
        discard()
        return error
    }
}
