import CProcess
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A regular file written inside a folder a pull request controls, by descriptor (`FolderWalk`): a
/// temporary made with `openat` in the folder the walk reached, then renamed over the last component
/// with `renameat` in that same folder, so a folder swapped for a link meanwhile changes nothing.
/// A symlink, FIFO or device at the target is replaced, never written through; an existing regular
/// file keeps its permission bits. Missing folders are made, and removed again if it is discarded.
public final class ContainedWrite {
    private let walk: FolderWalk
    private let name: String
    private var temporary: (descriptor: Int32, name: String, slot: Int32)?
    private let mode: mode_t?
    private let sync: DeferredSync?

    /// The path as messages give it.
    public var path: String { walk.path }

    /// Opens the temporary for `relative` inside `root`; with `sync`, synced by its flush.
    init(_ relative: String, in root: String, sync: DeferredSync? = nil) throws(FileError) {
        let walk = try FolderWalk(root: root, relative: relative)
        let name = try walk.toParent(create: true)
        var status = stat()
        let there = SystemPath.withCString(name) { fstatat(walk.folder, $0, &status, AT_SYMLINK_NOFOLLOW) } == 0
        if there, status.st_mode & S_IFMT == S_IFDIR {
            walk.removeMade()
            throw FileError(path: walk.path, operation: .write, cause: .system(errno: EISDIR))
        }
        (self.walk, self.name, self.sync) = (walk, name, sync)
        mode = there && status.st_mode & S_IFMT == S_IFREG ? status.st_mode & 0o7777 : nil
        gr_cleanup_install()
        while temporary == nil {
            let temporaryName = TemporarySweep.newName()
            let slot = SystemPath.withCString(SystemPath.joined(walk.folderPath, temporaryName)) { gr_cleanup_add($0) }
            let descriptor = SystemPath.withCString(temporaryName) {
                openat(walk.folder, $0, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            }
            if descriptor >= 0 {
                temporary = (descriptor, temporaryName, slot)
                break
            }
            let code = errno
            gr_cleanup_remove(slot)
            guard code == EEXIST else {
                walk.removeMade()
                throw FileError(path: walk.path, operation: .write, cause: .system(errno: code))
            }
        }
        // The writer's lock, as AtomicFileStream's: a temporary whose lock can be taken is swept.
        if let temporary, flock(temporary.descriptor, LOCK_EX) != 0 { throw discarding(.last(walk.path, .write)) }
    }

    deinit { discard() }

    /// Adds `bytes` to the file.
    public func append(_ bytes: some ContiguousBytes) throws(FileError) {
        guard let temporary else { throw FileError(path: path, operation: .write, cause: .system(errno: EBADF)) }
        if let failure = DescriptorWrite.all(bytes, to: temporary.descriptor) {
            throw discarding(FileError(path: path, operation: .write, cause: .system(errno: failure)))
        }
    }

    /// Syncs the written bytes now, so that `commit()` only renames.
    public func syncNow() throws(FileError) {
        guard let temporary else { return }
        guard fsync(temporary.descriptor) == 0 else { throw discarding(.last(path, .write)) }
    }

    /// Puts the file in place: renamed over the target in the folder the walk reached.
    public func commit() throws(FileError) {
        guard let temporary else { throw FileError(path: path, operation: .write, cause: .system(errno: EBADF)) }
        if let mode, fchmod(temporary.descriptor, mode) != 0 { throw discarding(.last(path, .write)) }
        guard sync != nil || fsync(temporary.descriptor) == 0 else { throw discarding(.last(path, .write)) }
        let renamed = SystemPath.withCString(temporary.name) { from in
            SystemPath.withCString(name) { renameat(walk.folder, from, walk.folder, $0) }
        }
        guard renamed == 0 else { throw discarding(.last(path, .write)) }
        close(temporary.descriptor)
        gr_cleanup_remove(temporary.slot)
        self.temporary = nil
        walk.forgetMade()
        if let sync {
            sync.add(SystemPath.joined(walk.folderPath, name), in: walk.folderPath)
        } else {
            walk.syncFolder()
        }
        TemporarySweep.shared.sweep(walk.folderPath)
    }

    /// Drops the file and the folders made for it; the target stays as it was.
    public func discard() {
        if let temporary {
            _ = SystemPath.withCString(temporary.name) { unlinkat(walk.folder, $0, 0) }
            close(temporary.descriptor)
            gr_cleanup_remove(temporary.slot)
            self.temporary = nil
        }
        walk.removeMade()
    }

    /// `error`, after discarding.
    private func discarding(_ error: FileError) -> FileError {
        discard()
        return error
    }
}
