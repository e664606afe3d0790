import Foundation
import GalleryCore

/// The lock on a baseline folder that keeps a baseline and its layout one unit: `check` takes it
/// shared to compare, and exclusive to record or prune, as `accept` does; a second writer waits,
/// saying so.
enum BaselineLock {
    /// Takes the lock of `baseline` (made first when `writing` and missing).
    static func take(_ baseline: String, writing: Bool, _ console: Console) throws -> FolderLock {
        if writing, !SystemPath.exists(baseline) {
            do throws(FileError) { try AtomicFile.makeFolders(baseline) } catch {
                throw CommandFailure("cannot make the baseline folder: \(error)")
            }
        }
        do {
            return try FolderLock(onFolder: baseline, writing ? .exclusive : .shared) {
                console.line(
                    "", "waiting for another gallery-render \(writing ? "using" : "writing") \(baseline) to finish…")
            }
        } catch {
            throw CommandFailure("cannot lock the baseline folder: \(error)")
        }
    }
}
