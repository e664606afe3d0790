import Foundation
import GalleryCore
import SnapshotCheck

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The verdicts an earlier run left where this one writes its own: a report's results.json and
/// index.html, and a JUnit file.
enum EarlierVerdicts {
    /// Empties them before the run does its work (`check` once the shard weights are read, before it
    /// renders; `merge-reports` before it reads its inputs): a run killed or refused before it saves
    /// its own must not leave the last run's verdict for merge-reports or CI to read as its own
    /// (found by review: a shard killed on a persistent volume merged as its green report of the day
    /// before; a merge refused for an empty shard kept the last merge's green results and JUnit).
    /// Emptied in place, so each keeps its permission bits for the run's own; a link, or a file with
    /// other names, is made anew instead; a stream or device (`--junit /dev/stdout`) is left alone.
    static func empty(report: String?, junit: String?) {
        let inReport = [ReportFolder.results, ReportFolder.page].compactMap { name in
            report.map { SystemPath.joined($0, name) }
        }
        let junit = junit.flatMap { AtomicFile.writtenFile($0) }.flatMap { $0.exists ? $0.path : nil }
        for path in inReport + [junit].compactMap({ $0 }) { emptyFile(path) }
    }

    /// Why the verdicts a run writes cannot be written whatever it finds, told before it does its
    /// work (found by review: `check --report afile/r` rendered every frame, then failed): a file
    /// where the report's folder must be made, or a folder or a file on the way for the JUnit file.
    /// The report's folder is named as making it names it. What fails inside the report's folder
    /// (its images, a full disk) fails as the report is written, with the FAIL lines and JUnit said.
    static func unwritable(report: String?, junit: String?) -> FileError? {
        // The JUnit file named as the report's folder (found by review: the report was written, then
        // the JUnit file failed as a folder).
        if let report, let junit,
            URL(fileURLWithPath: report).standardizedFileURL.path
                == URL(fileURLWithPath: junit).standardizedFileURL.path
        {
            return FileError(path: junit, operation: .write, cause: .system(errno: EISDIR))
        }
        if let report, let unwritable = AtomicFile.checkWritable(SystemPath.joined(report, ReportFolder.page)),
            case .createFolder(let folder) = unwritable.operation
        {
            return FileError(path: folder, operation: unwritable.operation, cause: unwritable.cause)
        }
        return junit.flatMap(AtomicFile.checkWritable)
    }

    /// The regular file or link at `path` (nothing else) left as an empty file.
    private static func emptyFile(_ path: String) {
        var status = stat()
        guard SystemPath.withCString(path, { lstat($0, &status) }) == 0 else { return }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG || kind == S_IFLNK else { return }
        // A file with other names (hard links: a backup, or an input) is unlinked and made anew
        // with its mode, never emptied, which would empty them all (found by review: a manifest
        // linked as results.json); a link goes for an empty file of its own.
        var flags = O_WRONLY | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
        if kind == S_IFLNK || status.st_nlink > 1 {
            guard SystemPath.withCString(path, { unlink($0) }) == 0 else { return }
            flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
        }
        let mode = kind == S_IFREG ? status.st_mode & 0o7777 : 0o644
        let descriptor = SystemPath.withCString(path) { open($0, flags, mode) }
        if descriptor >= 0 { close(descriptor) }
    }
}
