import Foundation
import GalleryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FrameCache {
    /// One entry as `trim` weighs it.
    private struct Entry {
        var path: String
        var bytes: Int
        var used: timespec
    }

    /// Removes the least recently used entries (oldest touch first; equal times by name) until the
    /// folder's entries hold at most `capacityBytes`. Other runs may be reading or writing the folder:
    /// an entry that is gone already, or cannot be removed, is passed over. Returns how many went.
    @discardableResult
    public func trim() -> Int {
        var entries = Self.entries(in: folder)
        var total = entries.reduce(0) { $0 + $1.bytes }
        guard total > capacityBytes else { return 0 }
        entries.sort { a, b in
            (a.used.tv_sec, a.used.tv_nsec, a.path) < (b.used.tv_sec, b.used.tv_nsec, b.path)
        }
        var removed = 0
        var emptied: Set<String> = []
        for entry in entries where total > capacityBytes {
            if SystemPath.withCString(entry.path, { unlink($0) }) == 0 { removed += 1 }
            total -= entry.bytes
            emptied.insert((entry.path as NSString).deletingLastPathComponent)
        }
        // A subfolder left empty goes too (rmdir refuses one another run has just written into).
        for folder in emptied { _ = SystemPath.withCString(folder) { rmdir($0) } }
        return removed
    }

    /// Every regular `*.frame` file in the folder's two-hex-digit subfolders, links not followed.
    private static func entries(in folder: String) -> [Entry] {
        let manager = FileManager.default
        var entries: [Entry] = []
        let hex = Set("0123456789abcdef")
        for sub in (try? manager.contentsOfDirectory(atPath: folder)) ?? []
        where sub.count == 2 && sub.allSatisfy(hex.contains) {
            let subfolder = SystemPath.joined(folder, sub)
            guard Self.isRealFolder(subfolder) else { continue }
            for name in (try? manager.contentsOfDirectory(atPath: subfolder)) ?? [] where name.hasSuffix(".frame") {
                let path = SystemPath.joined(subfolder, name)
                var info = stat()
                guard SystemPath.withCString(path, { lstat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG else {
                    continue
                }
                #if canImport(Darwin)
                    let used = info.st_mtimespec
                #else
                    let used = info.st_mtim
                #endif
                entries.append(Entry(path: path, bytes: Int(info.st_size), used: used))
            }
        }
        return entries
    }

    private static func isRealFolder(_ path: String) -> Bool {
        var info = stat()
        return SystemPath.withCString(path, { lstat($0, &info) }) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
