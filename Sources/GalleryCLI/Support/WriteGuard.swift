import GalleryCore
import RenderPipeline

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a command reads and writes, checked before anything renders: an output that would replace a
/// file the command reads (a photo through a link, the manifest given as `--junit`) or one of its own
/// other outputs (two frames meeting through `..` or a link, `--summary` on a frame) is a usage error,
/// and nothing is written (found by review: each had silently replaced the file).
struct WriteGuard {
    /// A file by device and inode where it exists, and by its canonical path (one yet to be made).
    private enum Key: Hashable {
        case inode(UInt64, UInt64)
        case path(String)
    }

    private var read: [Key: String] = [:]
    private var written: [Key: String] = [:]
    /// Canonical paths of the folders outputs go into, by the folder as written.
    private var folders: [String: String?] = [:]

    /// A guard that knows `scenes`' photos and caption fonts as read.
    init(reading scenes: [Scene] = []) {
        for scene in scenes {
            for photo in scene.photos { reads(photo, "the photo \(photo)") }
            if let font = scene.captions?.setter.font.path { reads(font, "the font \(font)") }
        }
    }

    /// Notes the file at `path` as read, `what` naming it in a message ("the photo photos/3.jpg"): the
    /// file it leads to, and a link in its place itself.
    mutating func reads(_ path: String, _ what: String) {
        var keys = SystemPath.canonical(path).map { [Key.path($0)] } ?? []
        if let inode = Self.inode(path) { keys.append(inode) }
        keys += entryKeys(path) ?? []
        for key in keys where read[key] == nil { read[key] = what }
    }

    /// Notes `path` as written, `what` naming it; a usage error when a file read or another output is
    /// the same file (`hint` says what to do about the latter). A stream or device is never one. A
    /// link in `path`'s place is followed, as a write does, unless `replacingLink` (recording replaces
    /// a baseline's link rather than writing through it).
    mutating func writes(_ path: String, _ what: String, hint: String = "", replacingLink: Bool = false)
        throws(UsageError)
    {
        guard let keys = replacingLink ? entryKeys(path) : writtenKeys(path) else { return }
        for key in keys {
            if let input = read[key] { throw UsageError("\(what) would replace \(input): write it elsewhere") }
            if let other = written[key] { throw UsageError("\(what) and \(other) are the same file\(hint)") }
        }
        for key in keys { written[key] = what }
    }

    /// The file a write to `path` replaces or makes, links followed; nil for a stream or a device.
    private mutating func writtenKeys(_ path: String) -> [Key]? {
        guard let file = AtomicFile.writtenFile(path, folder: { folder in self.folder(folder) }) else { return nil }
        return [.path(file.path)] + (file.exists ? [Self.inode(file.path)].compactMap { $0 } : [])
    }

    /// The entry at `path` itself: its folder resolved, its name as it is (a regular file's inode too).
    private mutating func entryKeys(_ path: String) -> [Key]? {
        let parent = SystemPath.parent(path)
        guard let folder = folder(parent.isEmpty ? "." : parent) else { return nil }
        var status = stat()
        let isFile = SystemPath.withCString(path, { lstat($0, &status) }) == 0 && status.st_mode & S_IFMT == S_IFREG
        return [.path(SystemPath.joined(folder, SystemPath.lastComponent(path)))]
            + (isFile ? [Self.inode(path)].compactMap { $0 } : [])
    }

    /// The canonical path of `folder`, worked out once.
    private mutating func folder(_ folder: String) -> String? {
        if let known = folders[folder] { return known }
        let canonical = SystemPath.canonical(folder)
        folders[folder] = canonical
        return canonical
    }

    /// The device and inode of what `path` names, links followed; nil when nothing is there.
    private static func inode(_ path: String) -> Key? {
        var status = stat()
        guard SystemPath.withCString(path, { stat($0, &status) }) == 0 else { return nil }
        return .inode(UInt64(truncatingIfNeeded: status.st_dev), UInt64(truncatingIfNeeded: status.st_ino))
    }
}
