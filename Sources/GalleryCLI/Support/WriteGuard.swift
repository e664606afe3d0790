import GalleryCore
import RenderPipeline
import SnapshotCheck

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a command reads and writes, checked before anything renders: an output that would replace a
/// file the command reads (a photo through a link, the manifest given as `--junit`), one of its own
/// other outputs (two frames meeting through `..` or a link, `--summary` on a frame, `--junit` among a
/// report's files), or go into a photo folder it lists (to be read as a photo by the next run) is a
/// usage error, and nothing is written (found by review: each had silently replaced a file).
///
/// Files are compared by path, every link and `..` resolved: a write replaces the entry its path
/// leads to by a rename, so a hard link of another file is not that file. Only where an entry has
/// one link is its inode compared too (one file under two spellings, on a case-insensitive volume).
struct WriteGuard {
    private enum Key: Hashable {
        case inode(UInt64, UInt64)
        case path(String)
    }

    private var read: [Key: String] = [:]
    private var written: [Key: String] = [:]
    /// Folders nothing may be written directly in (a report's `images/`), or no image (a photo
    /// folder, whose listing sniffs every file), by canonical path, with what to say.
    private var closed: [String: (what: String, imagesOnly: Bool)] = [:]
    /// Canonical paths of folders, by the folder as written.
    private var folders: [String: String?] = [:]

    /// A guard that knows `scenes`' photos and caption fonts as read, and the photo folders they
    /// list (`folders`) as closed to outputs.
    init(reading scenes: [Scene] = [], folders photoFolders: [String] = []) {
        var seen: Set<String> = []
        for scene in scenes {
            for photo in scene.photos where seen.insert(photo).inserted { reads(photo, "the photo \(photo)") }
            if let font = scene.captions?.setter.font.path, seen.insert(font).inserted {
                reads(font, "the font \(font)")
            }
        }
        for folder in photoFolders where SystemPath.isFolder(folder) {
            closes(folder, "the photo folder \(folder), where the next run would read it as a photo", imagesOnly: true)
        }
    }

    /// Notes the file at `path` as read, `what` naming it in a message ("the photo photos/3.jpg"): the
    /// file it leads to, and a link in its place itself.
    mutating func reads(_ path: String, _ what: String) {
        guard let entry = entry(path) else { return }
        var keys = entry.keys
        if entry.isLink, let target = SystemPath.canonical(path) { keys += [.path(target)] + Self.inode(target) }
        for key in keys where read[key] == nil { read[key] = what }
    }

    /// Notes that nothing (or, `imagesOnly`, no image) may be written directly in `folder`, `what`
    /// saying why.
    mutating func closes(_ folder: String, _ what: String, imagesOnly: Bool = false) {
        if let canonical = self.folder(folder) { closed[canonical] = (what, imagesOnly) }
    }

    /// Notes a report folder's own files as written (`--report` given as `what`): its page and
    /// results, and its `images/` and `layouts/` closed to other outputs.
    mutating func writesReport(_ folder: String, _ what: String) throws(UsageError) {
        for name in [ReportFolder.page, ReportFolder.results, FolderLock.fileName] {
            try writes(SystemPath.joined(folder, name), "\(what)'s \(name)")
        }
        for name in [ReportFolder.images, ReportFolder.layouts] {
            let inner = SystemPath.joined(folder, String(name.dropLast()))
            closes(inner, "\(what)'s \(name)")
            // The folder itself too: a file given in its place fails once the report is written.
            if let canonical = self.folder(inner) { written[.path(canonical)] = "\(what)'s \(name)" }
        }
    }

    /// Notes `path` as written, `what` naming it; a usage error when it is a file read or another
    /// output (`hint` says what to do about that), or lies in a closed folder (`image`: an image is
    /// written). A stream or device is never one. A link in `path`'s place is followed, as a write
    /// does, unless `replacingLink` (recording replaces a baseline's link rather than writing through it).
    mutating func writes(
        _ path: String, _ what: String, hint: String = "", image: Bool = false, replacingLink: Bool = false
    ) throws(UsageError) {
        let target: String
        if replacingLink {
            target = path
        } else {
            guard let file = AtomicFile.writtenFile(path, folder: { folder in self.folder(folder) }) else {
                // A folder in its place fails when written (exit 1); a report's own is said now.
                if let keys = entry(path)?.keys, let other = keys.compactMap({ written[$0] }).first {
                    throw UsageError("\(what) and \(other) are the same file")
                }
                return
            }
            target = file.path
        }
        guard let entry = entry(target) else { return }
        for key in entry.keys {
            if let input = read[key] { throw UsageError("\(what) would replace \(input): write it elsewhere") }
            if let other = written[key] { throw UsageError("\(what) and \(other) are the same file\(hint)") }
        }
        if let inside = closed[entry.folder], image || !inside.imagesOnly {
            throw UsageError("\(what) would go into \(inside.what): write it elsewhere")
        }
        for key in entry.keys { written[key] = what }
    }

    /// The entry at `path` itself: its folder resolved, its name as it is; its keys (the path, and
    /// the inode of a file with one link), and whether it is a link.
    private mutating func entry(_ path: String) -> (keys: [Key], folder: String, isLink: Bool)? {
        let parent = SystemPath.parent(path)
        let name = SystemPath.lastComponent(path)
        guard name != ".", name != "..", let folder = folder(parent.isEmpty ? "." : parent) else {
            return SystemPath.canonical(path).map { ([.path($0)], SystemPath.parent($0), false) }
        }
        var status = stat()
        let there = SystemPath.withCString(path, { lstat($0, &status) }) == 0
        let isLink = there && status.st_mode & S_IFMT == S_IFLNK
        let single = there && status.st_mode & S_IFMT == S_IFREG && status.st_nlink == 1
        return ([.path(SystemPath.joined(folder, name))] + (single ? [Self.key(status)] : []), folder, isLink)
    }

    /// The canonical path of `folder`, worked out once.
    private mutating func folder(_ folder: String) -> String? {
        if let known = folders[folder] { return known }
        let canonical = SystemPath.canonical(folder)
        folders[folder] = canonical
        return canonical
    }

    /// The inode of the file at `path` when it has one link, as a key (none otherwise).
    private static func inode(_ path: String) -> [Key] {
        var status = stat()
        guard SystemPath.withCString(path, { stat($0, &status) }) == 0, status.st_nlink == 1 else { return [] }
        return [key(status)]
    }

    private static func key(_ status: stat) -> Key {
        .inode(UInt64(truncatingIfNeeded: status.st_dev), UInt64(truncatingIfNeeded: status.st_ino))
    }
}
