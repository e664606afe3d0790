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
        let candidates = pngFiles(in: baseline).filter { !frames.contains($0.path) }
        guard !candidates.isEmpty else { return [] }
        // A frame read through a link that stays inside the folder (`c -> d`, `a.png -> b.png`) reads
        // the file it leads to: that file is no orphan, whatever its own path.
        var read: Set<SIMD2<UInt64>> = []
        for frame in frames {
            var status = stat()
            if SystemPath.withCString(SystemPath.joined(baseline, frame), { stat($0, &status) }) == 0 {
                read.insert(identity(status))
            }
        }
        return candidates.filter { !read.contains($0.identity) }.map(\.path).sorted()
    }

    /// A file's device and inode.
    private static func identity(_ status: stat) -> SIMD2<UInt64> {
        SIMD2(UInt64(truncatingIfNeeded: status.st_dev), UInt64(truncatingIfNeeded: status.st_ino))
    }

    /// Every regular `.png` file under `baseline`, relative to it, with its identity.
    private static func pngFiles(in baseline: String) -> [(path: String, identity: SIMD2<UInt64>)] {
        var files: [(path: String, identity: SIMD2<UInt64>)] = []
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
                case S_IFREG where name.hasSuffix(".png"): files.append((path, identity(status)))
                default: break
                }
            }
        }
        return files
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
