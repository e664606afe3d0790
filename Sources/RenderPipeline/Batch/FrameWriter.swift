import Dispatch
import Foundation
import GalleryCore
import ImageCodecs

/// Writes a scene's frames on a thread of their own, so the workers go on rendering while each file
/// is written and synced to disk (on this machine's ext4, a 61-frame scroll spent an eighth of its
/// time in fsync). At most `limit` encoded frames wait, so memory stays bounded.
final class FrameWriter: Sendable {
    private let queue = DispatchQueue(label: "gallery-render.frame-writer")
    private let slots: DispatchSemaphore
    private let failures = Locked<[Int: FileError]>([:])

    init(limit: Int = 4) { slots = DispatchSemaphore(value: limit) }

    /// Queues frame `index`'s `bytes` for `path` (waiting while `limit` frames wait); `written` runs
    /// once the file is in place or has failed.
    func write(_ bytes: [UInt8], to path: String, index: Int, written: @escaping @Sendable () -> Void) {
        slots.wait()
        queue.async {
            do throws(FileError) {
                try AtomicFile.write(bytes, to: path)
            } catch {
                self.failures.withLock { $0[index] = error }
            }
            written()
            self.slots.signal()
        }
    }

    /// Waits for every queued write; the failures by frame index.
    func finish() -> [Int: FileError] {
        queue.sync {}
        return failures.withLock { $0 }
    }
}
