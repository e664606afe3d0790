import CProcess

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A path inside a folder whose contents a pull request controls, reached from the folder's
/// descriptor: each component opened with `openat` and `O_NOFOLLOW`, a symlink read (`readlinkat`)
/// and followed by hand only while it stays inside the folder. What is checked is what is used: a
/// folder swapped for a link between a check and the use cannot redirect a read or a write.
final class FolderWalk {
    let root: String
    let relative: String
    /// Descriptors of the folders from the root down to where the walk stands, and their names
    /// below the root (for messages and a signal's cleanup).
    private var folders: [Int32]
    private var names: [String] = []
    /// The components still to walk, in order.
    private var pending: [String]
    /// Folders the walk made, by the index of their parent in `folders`, and their cleanup slots.
    private(set) var made: [(parent: Int, name: String, slot: Int32)] = []
    private var linksFollowed = 0
    private let realRoot: String?

    /// At most this many links are followed in one walk, as the kernel's own limit (ELOOP).
    static let linkLimit = 40

    /// How folders on the way are opened: only to walk through (`O_PATH` where there is one), so a
    /// folder that may be entered but not listed (mode 711) is walked as a path would be.
    #if os(Linux)
        /// Linux's O_PATH (asm-generic/fcntl.h: 010000000 on x86-64 and arm64), which Glibc's Swift
        /// overlay does not import.
        static let folderFlags = Int32(0o10000000) | O_DIRECTORY | O_CLOEXEC
    #else
        static let folderFlags = O_RDONLY | O_DIRECTORY | O_CLOEXEC
    #endif

    /// Opens `root` (as given: the caller named it) to walk `relative` in it.
    init(root: String, relative: String) throws(FileError) {
        self.root = root
        self.relative = relative
        let descriptor = SystemPath.withCString(root) { open($0, Self.folderFlags) }
        guard descriptor >= 0 else { throw .last(root, .read) }
        folders = [descriptor]
        pending = SystemPath.components(relative)
        realRoot = ContainedPath.realPath(root)
    }

    deinit { folders.forEach { close($0) } }

    /// The descriptor of the folder the walk stands in.
    var folder: Int32 { folders[folders.count - 1] }

    /// The path the messages give: `root/relative`.
    var path: String { SystemPath.joined(root, relative) }

    /// Syncs the folder the walk stands in (a rename in it reaches the disk); best effort.
    func syncFolder() {
        let descriptor = openat(folder, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// The folder the walk stands in, as a path (for a signal's cleanup and a deferred sync).
    var folderPath: String { SystemPath.joined(root, names.joined(separator: "/")) }

    /// Walks to the folder holding the last component, making missing folders with `create`, and
    /// returns the last component's name (not followed: a link there is the caller's to replace).
    func toParent(create: Bool) throws(FileError) -> String {
        while pending.count > 1 { try enter(pending.removeFirst(), create: create) }
        guard let last = pending.first, last != ".", last != ".." else {
            throw FileError(path: path, operation: .write, cause: .system(errno: EISDIR))
        }
        return last
    }

    /// Opens the regular file at the path for reading, following links that stay inside (a last
    /// component that is a link only with `followLast`).
    func openFile(followLast: Bool = true) throws(FileError) -> RegularFile {
        while true {
            let last = try toParent(create: false)
            let descriptor = SystemPath.withCString(last) {
                openat(folder, $0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            }
            if descriptor >= 0 { return try RegularFile(descriptor: descriptor, path: path) }
            let code = errno
            pending.removeFirst()
            guard code == ELOOP, followLast, try expandLink(last) else {
                throw FileError(path: path, operation: .read, cause: .system(errno: code))
            }
        }
    }

    /// Removes the folders the walk made, deepest first, when empty (a failed write leaves no trace).
    func removeMade() {
        for entry in made.reversed() where entry.parent < folders.count {
            _ = SystemPath.withCString(entry.name) { unlinkat(folders[entry.parent], $0, AT_REMOVEDIR) }
        }
        forgetMade()
    }

    /// Keeps the folders the walk made (the write they were made for is in place).
    func forgetMade() {
        for entry in made { gr_cleanup_remove(entry.slot) }
        made = []
    }

    /// Steps into the folder `name`; a symlink there is expanded into `pending`.
    private func enter(_ name: String, create: Bool) throws(FileError) {
        if name == "." { return }
        if name == ".." {
            guard folders.count > 1 else { throw leaving() }
            close(folders.removeLast())
            names.removeLast()
            return
        }
        while true {
            let descriptor = SystemPath.withCString(name) {
                openat(folder, $0, Self.folderFlags | O_NOFOLLOW)
            }
            if descriptor >= 0 {
                folders.append(descriptor)
                names.append(name)
                return
            }
            let code = errno
            if code == ENOENT, create {
                if SystemPath.withCString(name, { mkdirat(folder, $0, 0o777) }) == 0 {
                    let shown = SystemPath.joined(root, (names + [name]).joined(separator: "/"))
                    made.append((folders.count - 1, name, SystemPath.withCString(shown) { gr_cleanup_add($0) }))
                    continue
                }
                if errno == EEXIST { continue }
                throw FileError(path: path, operation: .createFolder(name), cause: .system(errno: errno))
            }
            if code == ELOOP || code == ENOTDIR, try expandLink(name) { return }
            throw FileError(path: path, operation: create ? .write : .read, cause: .system(errno: code))
        }
    }

    /// When `name` in the current folder is a symlink, puts its target's components before the rest
    /// (an absolute one inside the folder from the root), and returns true; false for anything else.
    private func expandLink(_ name: String) throws(FileError) -> Bool {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX))
        let count = buffer.withUnsafeMutableBytes { raw -> Int in
            guard let base = raw.baseAddress else { return -1 }
            return SystemPath.withCString(name) { readlinkat(folder, $0, base, raw.count) }
        }
        guard count > 0 else { return false }
        linksFollowed += 1
        guard linksFollowed <= Self.linkLimit else {
            throw FileError(path: path, operation: .read, cause: .system(errno: ELOOP))
        }
        var target = SystemPath.string(buffer.prefix(count))
        if SystemPath.isAbsolute(target) {
            guard let realRoot, SystemPath.isUnder(target, realRoot) else { throw leaving() }
            target = String(String.UnicodeScalarView(target.unicodeScalars.dropFirst(realRoot.unicodeScalars.count)))
            while folders.count > 1 { close(folders.removeLast()) }
            names = []
        }
        pending.insert(contentsOf: SystemPath.components(target), at: 0)
        return true
    }

    /// The error for a path that would leave the folder.
    private func leaving() -> FileError {
        FileError(
            path: path, operation: .read,
            cause: .leavesFolder(ContainmentError(path: relative, root: root, reason: .leaves(through: path))))
    }
}
