import GalleryCore
import ImageCodecs

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Baselines that no frame of the manifest reads (a scene renamed or removed): the PNG files under
/// the baseline folder, walked without following symlinks (a link is the repository's and may lead
/// anywhere), hidden names skipped, whose relative path is not among the frames', and the layouts
/// (`NAME.layout.json`) left without their PNG that no frame reads either. Only a path a baseline
/// can have (`NAME.png`, `NAME/offset-X.png`, `NAME/0000.png`) holding a PNG is one: with
/// `--baseline .`, `docs/images/shot.png` or an icon had been pruned (found by review).
public enum BaselineOrphans {
    /// At most this many entries are looked at, so a huge tree cannot stall a check.
    public static let entryLimit = 200_000

    /// The orphans under `baseline`, relative to it, sorted; `frames` are the paths a run reads.
    /// `inputs` (photo files and folders the manifest reads, the report folder) are never orphans, nor
    /// is anything under them: a photo kept beside the baselines is not a baseline.
    public static func find(in baseline: String, frames: Set<String>, inputs: [String] = []) -> [String] {
        let kept = Set(inputs.compactMap(identity(of:)))
        let files = baselineFiles(in: baseline, skipping: kept)
        let pngs = Set(files.lazy.map(\.path).filter { $0.hasSuffix(".png") })
        let candidates = files.filter { file in
            guard let png = FramePath.baselinePath(ofLayout: file.path) else {
                return FramePath.isBaselinePath(file.path) && !frames.contains(file.path)
                    && isPNG(file.path, in: baseline)
            }
            // A layout goes with its PNG (an orphan PNG's is deleted with it) or with a frame.
            return FramePath.isBaselinePath(png) && !frames.contains(png) && !pngs.contains(png)
                && !isThere(png, in: baseline)
        }
        guard !candidates.isEmpty else { return [] }
        // A frame read through a link that stays inside the folder (`c -> d`, `a.png -> b.png`) reads
        // the file it leads to (and its layout): that file is no orphan, whatever its own path.
        var read: Set<SIMD2<UInt64>> = []
        for frame in frames {
            for path in [frame, FramePath.layoutPath(of: frame)] {
                guard let file = try? ContainedPath(path, in: baseline).open() else { continue }
                var status = stat()
                if fstat(file.descriptor, &status) == 0 { read.insert(identity(status)) }
            }
        }
        return candidates.filter { !read.contains($0.identity) }.map(\.path).sorted()
    }

    /// Whether the file at `path` begins with the PNG signature (read inside `baseline` only).
    private static func isPNG(_ path: String, in baseline: String) -> Bool {
        guard let file = try? ContainedPath(path, in: baseline).open() else { return false }
        var head = [UInt8](repeating: 0, count: 8)
        let read = head.withUnsafeMutableBytes { buffer in
            buffer.baseAddress.flatMap { try? file.read(into: $0, count: 8, at: 0) } ?? 0
        }
        return read == 8 && ImageFormat(sniffing: head) == .png
    }

    /// Whether something other than a regular file (a link, a FIFO, a folder) is at `png`: the layout
    /// beside it is not left without its PNG. Asked only of a layout the walk found no PNG for.
    private static func isThere(_ png: String, in baseline: String) -> Bool {
        var status = stat()
        return SystemPath.withCString(SystemPath.joined(baseline, png)) { lstat($0, &status) } == 0
    }

    /// The device and inode of what `path` names (links followed: the user named it), or nil.
    private static func identity(of path: String) -> SIMD2<UInt64>? {
        var status = stat()
        return SystemPath.withCString(path, { stat($0, &status) }) == 0 ? identity(status) : nil
    }

    /// A file's device and inode.
    private static func identity(_ status: stat) -> SIMD2<UInt64> {
        SIMD2(UInt64(truncatingIfNeeded: status.st_dev), UInt64(truncatingIfNeeded: status.st_ino))
    }

    /// Every regular `.png` and `.layout.json` file under `baseline`, relative to it, with its
    /// identity: walked from the folder's descriptor, each folder opened with `openat` and `O_NOFOLLOW`, so a folder swapped for
    /// a link meanwhile is not entered.
    private static func baselineFiles(in baseline: String, skipping kept: Set<SIMD2<UInt64>>) -> [(
        path: String, identity: SIMD2<UInt64>
    )] {
        let root = SystemPath.withCString(baseline) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard root >= 0 else { return [] }
        defer { close(root) }
        var files: [(path: String, identity: SIMD2<UInt64>)] = []
        var seen = 0
        var status = stat()
        guard fstat(root, &status) == 0, !kept.contains(identity(status)) else { return [] }
        walk(root, "", depth: 0, seen: &seen, skipping: kept, into: &files)
        return files
    }

    /// The folders a walk enters below the baseline folder, at most.
    static let depthLimit = 64

    /// Adds the `.png` and `.layout.json` files of the folder open at `folder` (at `relative`) and of
    /// its folders.
    private static func walk(
        _ folder: Int32, _ relative: String, depth: Int, seen: inout Int, skipping kept: Set<SIMD2<UInt64>>,
        into files: inout [(path: String, identity: SIMD2<UInt64>)]
    ) {
        for name in DirectoryEntry.list(descriptor: folder).map(\.name) where !SystemPath.isHidden(name) {
            seen += 1
            guard seen <= entryLimit else { return }
            let path = relative.isEmpty ? name : relative + "/" + name
            var status = stat()
            guard SystemPath.withCString(name, { fstatat(folder, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0,
                !kept.contains(identity(status))
            else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR where depth < depthLimit:
                let inner = SystemPath.withCString(name) {
                    openat(folder, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                }
                guard inner >= 0 else { continue }
                walk(inner, path, depth: depth + 1, seen: &seen, skipping: kept, into: &files)
                close(inner)
            case S_IFREG where name.hasSuffix(".png") || name.hasSuffix(".layout.json"):
                files.append((path, identity(status)))
            default: break
            }
        }
    }

    /// Removes the orphan at `path` (relative to `baseline`): its last component, in the folder a walk
    /// from the baseline folder's descriptor reaches (links on the way followed only inside).
    public static func remove(_ path: String, in baseline: String) throws(FileError) {
        try ContainedPath.checked(path, in: baseline, lastLink: .replace, for: .write).remove()
        // Its folders, up to the baseline folder, when that left them empty (a removed scene's).
        var folder = SystemPath.components(path).dropLast()
        while !folder.isEmpty,
            (try? ContainedPath(folder.joined(separator: "/"), in: baseline).remove(folder: true)) != nil
        {
            folder = folder.dropLast()
        }
    }
}
