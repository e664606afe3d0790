#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A relative path inside a folder whose contents a pull request controls (baselines, another job's
/// report): refused when it is absolute, holds `..`, or passes through a symlink that leads out of
/// the folder, so that nothing outside the folder is read or written through it.
public struct ContainedPath: Sendable, Hashable {
    /// The folder, as given.
    public let root: String
    /// The path inside it, as given (no leading `/`, no `..`).
    public let relative: String

    /// What a symlink as the last component means.
    public enum LastLink: Sendable {
        /// Followed when it stays inside the folder, refused when it leaves (reading).
        case followInside
        /// Not followed at all, wherever it points: `write` replaces it (recording).
        case replace
    }

    /// `relative` under `root`, or why it would leave `root`. Every existing prefix that is a symlink is
    /// resolved and must stay inside `root`'s real path; a dangling link is refused unless it is the last
    /// component (a missing file, which a write replaces rather than follows).
    public init(_ relative: String, in root: String, lastLink: LastLink = .followInside) throws(ContainmentError) {
        self.root = root
        self.relative = relative
        if SystemPath.isAbsolute(relative) { throw ContainmentError(path: relative, root: root, reason: .absolute) }
        let components = SystemPath.components(relative)
        if components.isEmpty { throw ContainmentError(path: relative, root: root, reason: .empty) }
        if components.contains("..") { throw ContainmentError(path: relative, root: root, reason: .parentReference) }
        guard let realRoot = Self.realPath(root) else { return }  // no folder: nothing in it to follow
        var current = SystemPath.joined(root, "")
        for (number, component) in components.enumerated() {
            current = SystemPath.joined(current, String(component))
            var status = stat()
            guard SystemPath.withCString(current, { lstat($0, &status) }) == 0 else { return }
            guard status.st_mode & S_IFMT == S_IFLNK else { continue }
            if number == components.count - 1, lastLink == .replace { return }
            guard let real = Self.realPath(current) else {
                if number == components.count - 1 { return }
                throw ContainmentError(path: relative, root: root, reason: .leaves(through: current))
            }
            guard SystemPath.isUnder(real, realRoot) else {
                throw ContainmentError(path: relative, root: root, reason: .leaves(through: current))
            }
        }
    }

    /// The path to open: `root/relative`, with no doubled slash.
    public var path: String { SystemPath.joined(root, relative) }

    /// Whether the last component is itself a symlink (one that stays inside the folder, or dangles).
    public var isLink: Bool {
        var status = stat()
        return SystemPath.withCString(path) { lstat($0, &status) } == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// `relative` under `root`, as `init` checks it; a refusal is a `.leavesFolder` error of `operation`.
    public static func checked(
        _ relative: String, in root: String, lastLink: LastLink = .followInside, for operation: FileError.Operation
    ) throws(FileError) -> ContainedPath {
        do { return try ContainedPath(relative, in: root, lastLink: lastLink) } catch {
            throw FileError(path: SystemPath.joined(root, relative), operation: operation, cause: .leavesFolder(error))
        }
    }

    /// Opens the regular file at the path for reading, walking from the folder's descriptor: a link
    /// is followed only while it stays inside, at the moment of the open (`FolderWalk`); a link as the
    /// last component only with `followingLastLink`.
    public func open(followingLastLink: Bool = true) throws(FileError) -> RegularFile {
        try FolderWalk(root: root, relative: relative).openFile(followLast: followingLastLink)
    }

    /// Opens `path` for reading: through a walk from `root` when it lies under it (a file of a folder
    /// a pull request controls, named by a path the tool made from it), else as it is.
    public static func open(_ path: String, under root: String, followingLastLink: Bool = true) throws(FileError)
        -> RegularFile
    {
        let prefix = SystemPath.joined(root, "")
        guard path.hasPrefix(prefix == "/" ? "/" : prefix + "/") else { return try RegularFile(path: path) }
        let relative = String(path.dropFirst(prefix == "/" ? 1 : prefix.count + 1))
        return try checked(relative, in: root, for: .read).open(followingLastLink: followingLastLink)
    }

    /// The bytes of the regular file at the path, at most `limit` of them (a larger file is refused).
    public func contents(limit: Int) throws(FileError) -> [UInt8] { try open().contents(limit: limit) }

    /// The bytes of the regular file at `relative` inside `root`, as `contents(limit:)` reads them; a
    /// path that would leave `root` is a `.leavesFolder` error.
    public static func contents(of relative: String, in root: String, limit: Int) throws(FileError) -> [UInt8] {
        try checked(relative, in: root, for: .read).contents(limit: limit)
    }

    /// Removes the last component (a file or a link, never followed; with `folder`, an empty folder),
    /// in the folder a walk from the root's descriptor reaches.
    public func remove(folder: Bool = false) throws(FileError) {
        let walk = try FolderWalk(root: root, relative: relative)
        let name = try walk.toParent(create: false)
        guard SystemPath.withCString(name, { unlinkat(walk.folder, $0, folder ? AT_REMOVEDIR : 0) }) == 0 else {
            throw FileError(path: walk.path, operation: .write, cause: .system(errno: errno))
        }
    }

    /// Writes `bytes` as a regular file at the path, atomically: a symlink, FIFO or device there is
    /// replaced by the file, never written through. With `sync`, synced by its flush.
    public func write(_ bytes: [UInt8], sync: DeferredSync? = nil) throws(FileError) {
        try prepared(bytes, sync: sync).commit()
    }

    /// `bytes` in a temporary beside the path, for `commit()` to put in place (with its partner, by
    /// `FilePair`).
    public func prepared(_ bytes: [UInt8], sync: DeferredSync? = nil) throws(FileError) -> ContainedWrite {
        let write = try ContainedWrite(relative, in: root, sync: sync)
        try write.append(bytes)
        return write
    }

    /// Copies the regular file at `source` to the path, atomically, as `write` does, a piece at a
    /// time: a long animation is never held in memory.
    public func copy(from source: String) throws(FileError) {
        try preparedCopy(from: source).commit()
    }

    /// The copy of `source` in a temporary beside the path, for `commit()` to put in place.
    public func preparedCopy(from source: String) throws(FileError) -> ContainedWrite {
        let file = try RegularFile(path: source)
        let write = try ContainedWrite(relative, in: root)
        let piece = 1 << 20
        var buffer = [UInt8](repeating: 0, count: piece)
        var offset = 0
        while offset < file.size {
            let read = buffer.withUnsafeMutableBytes { raw in
                Result { () throws(FileError) -> Int in
                    guard let base = raw.baseAddress else { return 0 }
                    return try file.read(into: base, count: min(piece, file.size - offset), at: offset)
                }
            }
            let count = try read.get()
            guard count > 0 else { break }  // the file got shorter while being read
            try write.append(count == piece ? buffer : Array(buffer.prefix(count)))
            offset += count
        }
        return write
    }

    /// Writes `bytes` at `relative` inside `root`, atomically, as a regular file: a symlink there is
    /// replaced, a folder on the way that leads out of `root` refused (a report folder that came with
    /// the checkout may hold links anywhere). With `sync`, synced by its flush.
    public static func write(_ bytes: [UInt8], to relative: String, in root: String, sync: DeferredSync? = nil)
        throws(FileError)
    {
        try checked(relative, in: root, lastLink: .replace, for: .write).write(bytes, sync: sync)
    }

    /// The canonical absolute path of an existing `path`, every link resolved; nil when it cannot be had.
    static func realPath(_ path: String) -> String? {
        guard let resolved = SystemPath.withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return SystemPath.string(
            UnsafeBufferPointer(start: resolved, count: strlen(resolved)).map { UInt8(bitPattern: $0) })
    }
}
