import Dispatch
import Foundation
import GalleryCore
import ImageCodecs

/// Writes a scene's frames on a thread of their own, so the workers go on rendering while each file
/// is written and synced to disk (on this machine's ext4, a 61-frame scroll spent an eighth of its
/// time in fsync). At most `limit` encoded frames wait, so memory stays bounded. When the system
/// gives no thread, each frame is written as it is queued.
final class FrameWriter: Sendable {
    /// Writes queued and not yet taken, in order.
    private let queued: Locked<[@Sendable () -> Void]>
    /// Signalled once per queued write, and once more by `finish()`.
    private let ready: DispatchSemaphore
    private let slots: DispatchSemaphore
    private let thread: Locked<SystemThread?>
    private let failures = Locked<[Int: FileError]>([:])

    init(limit: Int = 4) {
        slots = DispatchSemaphore(value: limit)
        let queued = Locked<[@Sendable () -> Void]>([]), ready = DispatchSemaphore(value: 0)
        (self.queued, self.ready) = (queued, ready)
        thread = Locked(
            SystemThread.start {
                while true {
                    ready.wait()
                    guard let write = queued.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return }
                    write()
                }
            })
    }

    /// Queues frame `index`'s `bytes` for `path` (waiting while `limit` frames wait); `written` runs
    /// once the file is in place or has failed.
    func write(_ bytes: [UInt8], to path: String, index: Int, written: @escaping @Sendable () -> Void) {
        slots.wait()
        let write: @Sendable () -> Void = { [failures, slots] in
            do throws(FileError) {
                try AtomicFile.write(bytes, to: path)
            } catch {
                failures.withLock { $0[index] = error }
            }
            written()
            slots.signal()
        }
        guard thread.withLock({ $0 != nil }) else { return write() }
        queued.withLock { $0.append(write) }
        ready.signal()
    }

    /// Waits for every queued write; the failures by frame index.
    func finish() -> [Int: FileError] {
        ready.signal()
        thread.withLock { thread in
            thread?.join()
            thread = nil
        }
        return failures.withLock { $0 }
    }
}
