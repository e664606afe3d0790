import Synchronization
import TestSupport
import Testing

@testable import VisualDiff

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Drives a `DiffSchedule` by hand through random interleavings of two workers, with a model of both
/// rings, and checks the invariants the streaming diff's correctness rests on.
@Suite struct DiffScheduleTests {
    static let bandRows = 16
    static let ringRows = 64

    @Test(arguments: [1, 2, 3, 15, 16, 17, 18, 63, 64, 65, 66, 200, 1000])
    func tasksReadOnlyDecodedRowsThatStayInTheirRings(height: Int) {
        var crossDecodes = 0
        for seed in 0..<25 {
            _ = simulate(height: height, seed: UInt64(seed), lateStart: 0)
            crossDecodes += simulate(height: height, seed: UInt64(seed), lateStart: 1 + seed * 3)
        }
        // Worker 0 decodes image 1 before worker 1 starts.
        #expect(crossDecodes > 0)
        // And if worker 1 never starts, worker 0 finishes alone.
        _ = simulate(height: height, seed: 99, lateStart: .max)
    }

    /// Rows a comparison of `rows` reads: two either side, within the image.
    private func needed(_ rows: Range<Int>, height: Int) -> Range<Int> {
        max(0, rows.lowerBound - 2)..<min(height, rows.upperBound + 2)
    }

    /// Worker 1 asks for its first task only after `lateStart` of worker 0's steps. Returns how many
    /// decodes a worker did of the other worker's image.
    @discardableResult
    private func simulate(height: Int, seed: UInt64, lateStart: Int) -> Int {
        var random = SplitMix(seed: seed)
        let schedule = DiffSchedule(height: height, bandRows: Self.bandRows, ringRows: Self.ringRows)
        var slots = [[Int?]](repeating: [Int?](repeating: nil, count: Self.ringRows), count: 2)
        var decoded = [0, 0]
        var inFlight: [DiffTask?] = [nil, nil]
        var idle = [false, false]
        var issuedBands: Set<Int> = []
        var doneBands: Set<Int> = []
        var started = [false, false]
        var steps = [0, 0]
        var crossDecodes = 0
        let label = "height \(height) seed \(seed) late start \(lateStart)"

        func holds(_ image: Int, _ rows: Range<Int>) -> Bool {
            rows.allSatisfy { slots[image][$0 % Self.ringRows] == $0 }
        }
        // The lowest row any comparison in flight or still to come reads.
        func lowestStillRead() -> Int {
            let comparing = inFlight.compactMap { task -> Int? in
                if case .compare(let rows) = task { return rows.lowerBound }
                return nil
            }
            let nextBand = stride(from: 0, to: height, by: Self.bandRows).first { !issuedBands.contains($0) } ?? height
            return max(0, min(comparing.min() ?? nextBand, nextBand) - 2)
        }

        for _ in 0..<200_000 {
            if schedule.isOver { break }
            var worker = Int.random(in: 0...1, using: &random)
            if worker == 1 && steps[0] < lateStart { worker = 0 }
            steps[worker] += 1
            if let task = inFlight[worker] {
                switch task {
                case .decode(let side, let rows):
                    let image = side.index
                    for row in rows { slots[image][row % Self.ringRows] = row }
                    decoded[image] = rows.upperBound
                    schedule.finish(task)
                case .compare(let rows):
                    let reads = needed(rows, height: height)
                    #expect(holds(0, reads) && holds(1, reads), "band \(rows) lost a row while compared, \(label)")
                    doneBands.insert(rows.lowerBound)
                    schedule.finish(task, counts: Pixelmatch.Result(diffPixels: 1, antiAliasedPixels: 0))
                }
                inFlight[worker] = nil
                idle = [false, false]
            } else if let task = schedule.poll(decoding: DiffSide(worker)) {
                started[worker] = true
                switch task {
                case .decode(let side, let rows):
                    let image = side.index
                    // Its own image, or the other one before that one's worker has started; never an
                    // image another task is decoding.
                    #expect(image == worker || !started[image], "\(label)")
                    #expect(
                        !inFlight.contains {
                            $0.map { if case .decode(side, _) = $0 { true } else { false } } ?? false
                        }, "image \(image) decoded by two tasks at once, \(label)")
                    #expect(rows.lowerBound == decoded[image] && !rows.isEmpty, "\(label)")
                    if image != worker { crossDecodes += 1 }
                    let lowest = lowestStillRead()
                    for row in rows {
                        let overwritten = slots[image][row % Self.ringRows] ?? -1
                        #expect(overwritten < lowest, "row \(row) overwrites row \(overwritten) still read, \(label)")
                    }
                case .compare(let rows):
                    #expect(rows.lowerBound % Self.bandRows == 0 && !issuedBands.contains(rows.lowerBound), "\(label)")
                    let reads = needed(rows, height: height)
                    #expect(holds(0, reads) && holds(1, reads), "band \(rows) issued before its rows, \(label)")
                    issuedBands.insert(rows.lowerBound)
                }
                inFlight[worker] = task
            } else {
                started[worker] = true
                idle[worker] = true
                if idle[0] && idle[1] && inFlight == [nil, nil] {
                    Issue.record("both workers idle with work left: deadlock, \(label)")
                    return crossDecodes
                }
            }
        }
        #expect(schedule.isOver, "unfinished, \(label)")
        let bands = (height + Self.bandRows - 1) / Self.bandRows
        #expect(doneBands.count == bands && decoded == [height, height], "\(label)")
        #expect(schedule.result == Pixelmatch.Result(diffPixels: bands, antiAliasedPixels: 0), "\(label)")
        return crossDecodes
    }

    @Test func aReaderGivingUpEndsTheDiffWithoutAResult() {
        let schedule = DiffSchedule(height: 100, bandRows: Self.bandRows, ringRows: Self.ringRows)
        guard let task = schedule.poll(decoding: .actual) else {
            Issue.record("no first task")
            return
        }
        schedule.finish(task, succeeded: false)
        #expect(schedule.isOver && schedule.result == nil)
        #expect(schedule.next(decoding: .expected) == nil)  // returns at once, never waits
    }

    /// A worker with nothing to do gets its task once the other worker's task ends: within its spin
    /// (0 and 1 ms), and after it has gone to sleep (50 ms, well past `spinTime`).
    @Test(.timeLimit(.minutes(1)), arguments: [0, 1, 50])
    func aWaitingWorkerGetsItsTaskWhenTheOtherFinishes(delayMilliseconds: Int) {
        #expect(DiffSchedule.spinTime < .milliseconds(50))
        // One band: worker 1 can only compare it once worker 0 has decoded image 0.
        let schedule = DiffSchedule(height: Self.bandRows, bandRows: Self.bandRows, ringRows: Self.ringRows)
        guard let first = schedule.poll(decoding: .expected), let second = schedule.poll(decoding: .actual) else {
            Issue.record("no first tasks")
            return
        }
        #expect(first == .decode(image: .expected, rows: 0..<Self.bandRows))
        #expect(second == .decode(image: .actual, rows: 0..<Self.bandRows))
        schedule.finish(second)
        let received = Mutex<DiffTask?>(nil)
        let ran = TwoThreads.run { worker in
            if worker == 1 {
                let task = schedule.next(decoding: .actual)
                received.withLock { $0 = task }
            } else {
                usleep(UInt32(delayMilliseconds * 1000))
                schedule.finish(first)
            }
        }
        #expect(ran)
        #expect(received.withLock { $0 } == .compare(rows: 0..<Self.bandRows))
    }
}
