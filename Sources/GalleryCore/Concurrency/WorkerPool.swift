import Dispatch
import Foundation

/// The threads Parallel's loops run on: one fewer than the cores, started as first needed and kept.
///
/// A loop is a PoolTask that idle workers join while the calling thread works through it too, so a
/// loop always finishes, whether workers are free, busy with a loop of their own (loops nest) or
/// never started: a thread the system refuses (a tight `ulimit -v`) only makes the pool smaller,
/// where Dispatch's pool slept and asked again for ever and the run hung.
final class WorkerPool: Sendable {
    static let shared = WorkerPool(size: Processors.count - 1)

    /// Workers at most.
    let size: Int
    /// Loops with indices left, oldest first; how many workers are running; whether one was refused.
    private let state = Locked<(tasks: [PoolTask], started: Int, refused: Bool)>(([], 0, false))
    /// Signalled once per worker a new loop wants.
    private let wake = DispatchSemaphore(value: 0)

    init(size: Int) { self.size = max(0, size) }

    /// `body(i)` for each i in `0..<count`, on this thread and up to `width - 1` workers.
    func run(_ count: Int, width: Int, _ body: @Sendable (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            let task = PoolTask(count: count, body: body)
            let helpers = min(width - 1, size, count - 1)
            if helpers > 0 {
                startWorkers(helpers)
                state.withLock { $0.tasks.append(task) }
                for _ in 0..<helpers { wake.signal() }
            }
            while task.runOne() {}
            task.waitUntilDone()
            state.withLock { $0.tasks.removeAll { $0 === task } }
        }
    }

    /// Starts workers until `wanted` run (or the system refuses one).
    private func startWorkers(_ wanted: Int) {
        state.withLock { state in
            while state.started < wanted, !state.refused {
                guard let thread = SystemThread.start({ [self] in work() }) else {
                    state.refused = true
                    return
                }
                thread.detach()
                state.started += 1
            }
        }
    }

    /// A worker: waits to be woken, then helps with the oldest loop that has indices left.
    private func work() {
        while true {
            wake.wait()
            let task = state.withLock { state -> PoolTask? in
                state.tasks.removeAll { !$0.hasIndicesLeft }
                return state.tasks.first
            }
            guard let task else { continue }
            while task.runOne() {}
        }
    }
}
