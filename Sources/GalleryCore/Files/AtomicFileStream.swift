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
/// there either; until then they wait in an unlinked scratch file under `$TMPDIR`, not in memory. Missing parent folders are made for the temporary, and removed again (when empty)
/// if the file is not committed, by a signal too: a failed write leaves no trace.
public final class AtomicFileStream {
    /// Where the pieces go until the commit.
    private enum Destination {
        case temporary(descriptor: Int32, path: String, file: String, mode: mode_t?, slot: Int32)
        case scratch(descriptor: Int32, target: OutputTarget, folder: String)
    }

    /// The path as given, for messages ("standard output" for `-`).
    public let path: String
    private var destination: Destination?
    /// The folders made for the temporary, outermost first, and their slots for a signal's cleanup.
    private var madeFolders: [(path: String, slot: Int32)] = []
    /// When set, `commit()` leaves the syncing to it.
    private let sync: DeferredSync?

    /// Opens the temporary for `path` (`-` means standard output), creating missing parent folders.
    /// With `sync`, the file is synced with the others of the batch, by its flush, not at `commit()`.
    public init(path: String, sync: DeferredSync? = nil) throws(FileError) {
        self.path = path == "-" ? "standard output" : path
        self.sync = sync
        switch OutputTarget.of(path) {
        case .failure(let error): throw error
        case .success(.atomic(let file, let mode)):
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
            gr_cleanup_install()
            // Messages name the folder as the path gave it, unless a link led elsewhere.
            let parent = SystemPath.parent(path)
            let given = parent.isEmpty ? "." : parent
            let (descriptor, temporary, slot) = try temporary(in: folder, shown: file == path ? given : folder)
            destination = .temporary(descriptor: descriptor, path: temporary, file: file, mode: mode, slot: slot)
            // The lock is the writer's, until close: taken before anything else can see the file.
            guard flock(descriptor, LOCK_EX) == 0 else { throw discarding(.last(path, .write)) }
        case .success(let target):
            // A closed standard output would be the scratch file's own descriptor: refused first.
            if target == .standardOutput, fcntl(STDOUT_FILENO, F_GETFD) == -1 { throw .last(self.path, .write) }
            // Unlinked at once: nothing to clean up, whatever ends the process.
            let folder = ScratchFolder.temporaryDirectory
            let made: (descriptor: Int32, path: String, slot: Int32)
            do throws(FileError) { made = try AtomicFile.createTemporary(in: folder, reportedAs: self.path) } catch {
                throw FileError(path: self.path, operation: .createScratch(folder), cause: error.cause)
            }
            _ = SystemPath.withCString(made.1) { unlink($0) }
            destination = .scratch(descriptor: made.0, target: target, folder: folder)
        }
    }

    deinit { discard() }

    /// A new temporary in `folder` (`shown` in messages), made with its missing parents. Another
    /// writer of this process whose own file failed may remove a folder it made between the mkdir
    /// here and the open: then the folders are made again, a few times.
    private func temporary(in folder: String, shown: String) throws(FileError) -> (
        descriptor: Int32, path: String, slot: Int32
    ) {
        for attempt in 1...3 {
            var made: [String] = []
            let code = AtomicFile.createFolders(folder, made: &made)
            madeFolders += made.map { made in (made, SystemPath.withCString(made) { gr_cleanup_add($0) }) }
            if let code {
                throw discarding(FileError(path: path, operation: .createFolder(shown), cause: .system(errno: code)))
            }
            do throws(FileError) {
                return try AtomicFile.createTemporary(in: folder, reportedAs: path, registering: true)
            } catch {
                guard error.cause == .system(errno: ENOENT), attempt < 3 else { throw discarding(error) }
            }
        }
        throw discarding(FileError(path: path, operation: .write, cause: .system(errno: ENOENT)))
    }

    /// Adds `bytes` to the file.
    public func append(_ bytes: some ContiguousBytes) throws(FileError) {
        let descriptor: Int32
        var scratchFolder: String?
        switch destination {
        case .temporary(let file, _, _, _, _)?: descriptor = file
        case .scratch(let scratch, _, let folder)?: (descriptor, scratchFolder) = (scratch, folder)
        case nil: throw FileError(path: path, operation: .write, cause: .system(errno: EBADF))
        }
        do throws(FileError) { try AtomicFile.writeAll(bytes, to: descriptor, path: path) } catch {
            // A full TMPDIR is named as such, not blamed on standard output or the device.
            throw discarding(
                scratchFolder.map { FileError(path: path, operation: .writeScratch($0), cause: error.cause) } ?? error)
        }
    }

    /// Adds `pieces` to the file, in order.
    public func append(contentsOf pieces: [ArraySlice<UInt8>]) throws(FileError) {
        for piece in pieces { try append(piece) }
    }

    /// Puts the file in place: the temporary synced and renamed over the target (keeping an
    /// existing file's permission bits), or the scratch file copied out.
    public func commit() throws(FileError) {
        switch destination {
        case .temporary(let descriptor, let temporary, let file, let mode, let slot)?:
            if let mode, fchmod(descriptor, mode) != 0 { throw discarding(.last(path, .write)) }
            guard sync != nil || fsync(descriptor) == 0 else { throw discarding(.last(path, .write)) }
            guard SystemPath.withCString(temporary, { from in SystemPath.withCString(file) { rename(from, $0) } }) == 0
            else { throw discarding(.last(path, .write)) }
            close(descriptor)
            gr_cleanup_remove(slot)
            destination = nil
            for made in madeFolders { gr_cleanup_remove(made.slot) }
            madeFolders = []
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
            if let sync { sync.add(file, in: folder) } else { AtomicFile.syncFolder(folder) }
            TemporarySweep.shared.sweep(folder)
        case .scratch(let scratch, let target, _)?:
            defer { discard() }
            guard lseek(scratch, 0, SEEK_SET) == 0 else { throw FileError.last(path, .write) }
            try AtomicFile.writeOut(to: target, reportedAs: path) { descriptor, name throws(FileError) in
                var buffer = [UInt8](repeating: 0, count: 1 << 20)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(scratch, $0.baseAddress, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    guard count >= 0 else { throw FileError.last(path, .write) }
                    guard count > 0 else { return }
                    try AtomicFile.writeAll(buffer[..<count], to: descriptor, path: name)
                }
            }
        case nil: throw FileError(path: path, operation: .write, cause: .system(errno: EBADF))
        }
    }

    /// Removes the temporary and the folders made for it, when empty (or closes the scratch file); the
    /// target stays as it was.
    public func discard() {
        switch destination {
        case .temporary(let descriptor, let temporary, _, _, let slot)?:
            _ = SystemPath.withCString(temporary) { unlink($0) }
            close(descriptor)
            gr_cleanup_remove(slot)
        case .scratch(let descriptor, _, _)?: close(descriptor)
        case nil: break
        }
        for made in madeFolders.reversed() {
            _ = SystemPath.withCString(made.path) { rmdir($0) }
            gr_cleanup_remove(made.slot)
        }
        madeFolders = []
        destination = nil
    }

    /// `error`, after discarding.
    private func discarding(_ error: FileError) -> FileError {
        discard()
        return error
    }
}
