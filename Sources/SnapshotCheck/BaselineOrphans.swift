import GalleryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Baselines that no frame of the manifest reads (a scene renamed or removed): the PNG files under
/// the baseline folder, walked without following symlinks (a link is the repository's and may lead
/// anywhere), hidden names skipped, whose relative path is not among the frames'.
public enum BaselineOrphans {
    /// At most this many entries are looked at, so a huge tree cannot stall a check.
    public static let entryLimit = 200_000

    /// The orphans under `baseline`, relative to it, sorted; `frames` are the paths a run reads.
    public static func find(in baseline: String, frames: Set<String>) -> [String] {
        var orphans: [String] = []
        var pending = [""]
        var seen = 0
        while let relative = pending.popLast(), seen < entryLimit {
            let folder = SystemPath.joined(baseline, relative)
            for name in DirectoryEntry.list(folder).map(\.name) where !name.hasPrefix(".") {
                seen += 1
                let path = relative.isEmpty ? name : relative + "/" + name
                var status = stat()
                guard SystemPath.withCString(SystemPath.joined(baseline, path), { lstat($0, &status) }) == 0 else {
                    continue
                }
                switch status.st_mode & S_IFMT {
                case S_IFDIR: pending.append(path)
                case S_IFREG where name.hasSuffix(".png") && !frames.contains(path): orphans.append(path)
                default: break
                }
            }
        }
        return orphans.sorted()
    }

    /// Removes the orphan at `path` (relative to `baseline`): a regular file inside the folder only.
    public static func remove(_ path: String, in baseline: String) throws(FileError) {
        let file: ContainedPath
        do { file = try ContainedPath(path, in: baseline, lastLink: .replace) } catch {
            throw FileError(path: SystemPath.joined(baseline, path), operation: .write, cause: .leavesFolder(error))
        }
        guard SystemPath.withCString(file.path, { unlink($0) }) == 0 else {
            throw FileError(path: file.path, operation: .write, cause: .system(errno: errno))
        }
    }
}
