import Dispatch

/// Runs work on up to `jobs` threads and returns results in input order, so output never depends
/// on the number of threads.
public enum Parallel {
    public static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], jobs: Int, _ transform: @Sendable (Input) -> Output
    ) -> [Output] {
        let results = ResultSlots<Output>(count: inputs.count)
        let workers = max(1, min(jobs, inputs.count))
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = next.take(below: inputs.count) {
                results.store(transform(inputs[index]), at: index)
            }
        }
        return results.values()
    }
}

/// A shared counter handing out indices 0, 1, 2, … to workers.
private final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = Lock()

    func take(below limit: Int) -> Int? {
        lock.withLock {
            guard value < limit else { return nil }
            defer { value += 1 }
            return value
        }
    }
}

/// One slot per result, each written once by one worker.
private final class ResultSlots<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = Lock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func store(_ value: Value, at index: Int) { lock.withLock { slots[index] = value } }

    func values() -> [Value] { lock.withLock { slots.compactMap { $0 } } }
}
