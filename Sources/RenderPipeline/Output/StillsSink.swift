import Dispatch
import Foundation
import GalleryCore
import ImageCodecs

/// One PNG per frame, each encoded by the worker that rendered it, as soon as it is rendered, and
/// written atomically at its own path on a thread of its own, so the workers go on rendering while
/// each file is written and synced to disk (on this machine's ext4, a 61-frame scroll spent an eighth
/// of its time in fsync). Frames come in any order: each is its own file, so no worker waits for
/// another's frame (handing them over in order, two at a time, made a 61-frame scroll 1.3× slower
/// on two cores). A frame that cannot be encoded or written fails alone: `finish()` says which.
public final class StillsSink: Sendable {
    private let paths: [String]
    private let colorSpace: ColorSpace
    private let threadsPerFrame: Int
    private let writer: FrameWriter
    private let state = Locked<(failures: [Int: FrameSinkError], encodeSeconds: [Int: Double])>(([:], [:]))

    /// Frame i to `paths[i]`, encoded with `threadsPerFrame` threads; `written` runs once a frame's
    /// file is in place or has failed. At most `pending` encoded frames wait to be written, so memory
    /// stays bounded.
    public init(
        paths: [String], colorSpace: ColorSpace, threadsPerFrame: Int, pending: Int,
        written: @escaping @Sendable () -> Void = {}
    ) {
        self.paths = paths
        self.colorSpace = colorSpace
        self.threadsPerFrame = max(1, threadsPerFrame)
        writer = FrameWriter(limit: max(1, pending), written: written)
    }

    /// Encodes frame `index` on the calling thread and queues its file. Thread-safe.
    public func take(_ frame: RGBAImage, index: Int) {
        let began = Date()
        let png = Result { () throws(EncodeError) in
            try PNGEncoder.encode(frame, jobs: threadsPerFrame, colorSpace: colorSpace)
        }
        state.withLock { $0.encodeSeconds[index] = Date().timeIntervalSince(began) }
        switch png {
        case .success(let bytes): writer.write(bytes, to: paths[index], index: index)
        case .failure(let error):
            state.withLock { $0.failures[index] = .encode(error) }
            writer.skip()
        }
    }

    /// Frame `index` was not rendered: the others go on. Thread-safe.
    public func skip(index: Int) { writer.skip() }

    /// Waits for every file; the frames that failed, by index, and the seconds each took to encode.
    public func finish() -> (failures: [Int: FrameSinkError], encodeSeconds: [Int: Double]) {
        let written = writer.finish()
        return state.withLock { state in
            (state.failures.merging(written.mapValues(FrameSinkError.write)) { first, _ in first }, state.encodeSeconds)
        }
    }
}

/// Writes files on a thread of its own, at most `limit` waiting. When the system gives no thread,
/// each file is written as it is queued.
final class FrameWriter: Sendable {
    /// Writes queued and not yet taken, in order.
    private let queued: Locked<[@Sendable () -> Void]>
    /// Signalled once per queued write, and once more by `finish()`.
    private let ready: DispatchSemaphore
    private let slots: DispatchSemaphore
    private let thread: Locked<SystemThread?>
    private let failures = Locked<[Int: FileError]>([:])

    private let written: @Sendable () -> Void

    init(limit: Int, written: @escaping @Sendable () -> Void) {
        self.written = written
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

    /// Queues frame `index`'s `bytes` for `path` (waiting while `limit` frames wait).
    func write(_ bytes: [UInt8], to path: String, index: Int) {
        enqueue { [failures] in
            do throws(FileError) {
                try AtomicFile.write(bytes, to: path)
            } catch {
                failures.withLock { $0[index] = error }
            }
        }
    }

    /// A frame with no file: it counts as done once the frames queued before it are written.
    func skip() { enqueue {} }

    /// Queues `work`, then `written`, on the writer's thread (at once without one), waiting while
    /// `limit` are queued.
    private func enqueue(_ work: @escaping @Sendable () -> Void) {
        slots.wait()
        let job: @Sendable () -> Void = { [slots, written] in
            work()
            written()
            slots.signal()
        }
        guard thread.withLock({ $0 != nil }) else { return job() }
        queued.withLock { $0.append(job) }
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
