import Synchronization

/// The project's one parallel loop. Work is spread over up to `jobs` threads and results come back in
/// input order, so no output ever depends on the number of threads. (`TwoThreads` in VisualDiff is
/// the one exception: a streaming diff needs two dedicated threads that may block on each other.)
public enum Parallel {
    /// `transform` of every input, on up to `jobs` threads, in input order.
    public static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], jobs: Int, _ transform: @Sendable (Input) -> Output
    ) -> [Output] {
        let results = Locked<[Output?]>(Array(repeating: nil, count: inputs.count))
        let next = Atomic<Int>(0)
        forEach(max(1, min(jobs, inputs.count))) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < inputs.count else { return }
                let output = transform(inputs[index])
                results.withLock { $0[index] = output }
            }
        }
        // Every slot is filled: the outputs, in order, in an array of their exact size (compactMap
        // grows one by doubling, up to twice the memory).
        return results.withLock { all in
            var outputs: [Output] = []
            outputs.reserveCapacity(all.count)
            for case let output? in all { outputs.append(output) }
            return outputs
        }
    }

    /// `body(i)` for each i in `0..<count`, as many at once as there are cores (WorkerPool's threads
    /// and this one); one runs inline.
    public static func forEach(_ count: Int, _ body: @Sendable (Int) -> Void) {
        if count == 1 {
            body(0)
        } else if count > 1 {
            WorkerPool.shared.run(count, width: count, body)
        }
    }
}
