import Dispatch

/// One parallel loop, `body(i)` for each i in `0..<count`: any thread takes the next index. No copy
/// of the body outlives the loop.
final class PoolTask: Sendable {
    private let count: Int
    /// The next index to take, how many have finished, and the body (nil once all are taken).
    private let state: Locked<(next: Int, finished: Int, body: (@Sendable (Int) -> Void)?)>
    private let done = DispatchSemaphore(value: 0)

    init(count: Int, body: @escaping @Sendable (Int) -> Void) {
        self.count = count
        state = Locked((0, 0, count > 0 ? body : nil))
        if count <= 0 { done.signal() }
    }

    var hasIndicesLeft: Bool { state.withLock { $0.next < count } }

    /// Takes and runs the next index; false when none is left.
    func runOne() -> Bool {
        guard takeAndRun() else { return false }
        let last = state.withLock { state in
            state.finished += 1
            return state.finished == count
        }
        if last { done.signal() }
        return true
    }

    /// Waits until every index has run. The lock taken after the wait orders every worker's writes
    /// before what the caller reads next, for ThreadSanitizer too (which does not see the semaphore).
    func waitUntilDone() {
        done.wait()
        state.withLock { _ in }
    }

    /// The next index and the body; the loop lets go of the body (and its captures) with the last.
    private func next() -> (Int, @Sendable (Int) -> Void)? {
        state.withLock { state in
            guard state.next < count, let body = state.body else { return nil }
            state.next += 1
            if state.next == count { state.body = nil }
            return (state.next - 1, body)
        }
    }

    /// Takes the next index and runs the body on it; false when none is left. Never inlined: its
    /// copy of the body is released when it returns, before the index counts as finished, so the
    /// body (a non-escaping closure on the caller's stack, made escaping by `withoutActuallyEscaping`,
    /// which traps when a copy outlives it) never outlives the loop.
    @inline(never) private func takeAndRun() -> Bool {
        guard let (index, body) = next() else { return false }
        body(index)
        return true
    }
}
