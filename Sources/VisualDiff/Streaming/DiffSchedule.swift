import Foundation
import Synchronization

/// Where a streaming diff stands: how far each image is decoded, which bands are being compared and
/// the counts so far. Workers take their tasks here, under one lock.
///
/// Invariants, which keep every row a task reads in place until the task is done:
/// - Each image's rows live in a ring of `ringRows` rows; row `y` in slot `y % ringRows`.
/// - A band of rows is compared once both images are decoded two rows past its end (the
///   anti-aliasing test reads two rows either side), so it reads only rows already decoded.
/// - Row `y` is decoded only when `y < lowestNeeded + ringRows`: it overwrites no row that a band
///   being compared, or any later band, still reads. `lowestNeeded` never decreases.
///
/// Worker `i` decodes image `i` (its reader stays warm in that core's cache), and also image `j`
/// until worker `j` first asks for work (a new thread can take ~2 ms to get a core); a reader is only
/// ever used by one worker at a time. Either worker compares. The two must run on threads of their
/// own: a worker may wait for the other's rows.
///
/// A worker with nothing to do spins for up to `spinTime` before it sleeps, yielding its core as it
/// goes. Why: a worker waits for the other hundreds of times per diff, and on a virtual machine a
/// core put to sleep can be slow to wake. Measured on a 4K diff in a busy period: sleeping alone, the
/// workers spent a median 10.7 ms per diff in condition waits, and spinning took the median run
/// from 64.4 to 55.8 ms.
///
/// Unchecked Sendable, and safe: every stored `var` is read and written with `condition` held (a
/// condition variable, which `Locked` has not); `changes` is atomic.
final class DiffSchedule: @unchecked Sendable {
    let height: Int
    let bandRows: Int
    let ringRows: Int
    private let condition = NSCondition()
    /// Per image (`DiffSide.index`): rows decoded, a decode under way, its worker started.
    private var decoded = [0, 0]
    private var decoding = [false, false]
    private var started = [false, false]
    private var nextBand = 0
    private var comparing: [Int] = []  // first rows of the bands being compared
    private var total = Pixelmatch.Result(diffPixels: 0, antiAliasedPixels: 0)
    private var failed = false
    /// Bumped by every `finish`, for spinning workers to watch without the lock.
    private let changes = Atomic<Int>(0)
    /// How long a worker with nothing to do spins before it sleeps.
    static let spinTime = Duration.milliseconds(2)

    /// - Precondition: `ringRows` is a power of two of at least `2 * bandRows + 4`, so that two bands
    ///   and the rows around them fit.
    init(height: Int, bandRows: Int, ringRows: Int) {
        precondition(
            bandRows > 0 && ringRows >= 2 * bandRows + 4 && ringRows & (ringRows - 1) == 0,
            "DiffSchedule: ring unfit for its bands")
        self.height = height
        self.bandRows = bandRows
        self.ringRows = ringRows
    }

    /// The counts, once every band is compared; nil when a reader gave up.
    var result: Pixelmatch.Result? {
        condition.lock()
        defer { condition.unlock() }
        return failed ? nil : total
    }

    /// The next task for the worker that decodes `image`, waiting while there is nothing to do for
    /// it; nil when everything is compared or a reader gave up.
    func next(decoding image: DiffSide) -> DiffTask? {
        let spinEnd = ContinuousClock.now + Self.spinTime
        var spinning = true
        while true {
            let seen = changes.load(ordering: .relaxed)
            condition.lock()
            if failed || finished {
                condition.unlock()
                return nil
            }
            if let task = take(decoding: image) {
                condition.unlock()
                return task
            }
            if !spinning { condition.wait() }
            condition.unlock()
            if spinning { spinning = awaitChange(from: seen, until: spinEnd) }
        }
    }

    /// Spins, yielding the core, until a task finishes after `changes` read `seen`: true then,
    /// false when `end` comes first. The state itself is read under the lock afterwards.
    private func awaitChange(from seen: Int, until end: ContinuousClock.Instant) -> Bool {
        var polls = 0
        while changes.load(ordering: .relaxed) == seen {
            polls += 1
            if polls % 64 == 0 {
                if ContinuousClock.now >= end { return false }
                sched_yield()
            }
        }
        return true
    }

    /// The next task for the worker that decodes `image` if there is one now, without waiting.
    func poll(decoding image: DiffSide) -> DiffTask? {
        condition.lock()
        defer { condition.unlock() }
        return failed ? nil : take(decoding: image)
    }

    /// Whether every band is compared, or a reader gave up.
    var isOver: Bool {
        condition.lock()
        defer { condition.unlock() }
        return failed || finished
    }

    private var bands: Int { (height + bandRows - 1) / bandRows }

    private var finished: Bool { nextBand == bands && comparing.isEmpty }

    /// Decoding `image` while it lags behind the other image, else comparing a band, else decoding
    /// `image`: the worker on the slower image keeps decoding and the other does the comparing.
    /// While the other image's worker has not started, its image is decoded here too, first when it
    /// lags.
    private func take(decoding image: DiffSide) -> DiffTask? {
        started[image.index] = true
        let other = image.other
        let own = decodable(image)
        let theirs = started[other.index] ? nil : decodable(other)
        if let own, decoded[image.index] <= decoded[other.index] { return start(own) }
        if let theirs { return start(theirs) }
        if nextBand < bands {
            let first = nextBand * bandRows
            let end = min(first + bandRows, height)
            if decoded[0] >= min(end + 2, height) && decoded[1] >= min(end + 2, height) {
                nextBand += 1
                comparing.append(first)
                return .compare(rows: first..<end)
            }
        }
        return own.map(start)
    }

    /// The rows of `image` that may be decoded now, if any: up to a band, within the ring, and none
    /// while another task is decoding it.
    private func decodable(_ image: DiffSide) -> DiffTask? {
        guard !decoding[image.index], decoded[image.index] < height else { return nil }
        let lowestNeeded = max(0, (comparing.min() ?? nextBand * bandRows) - 2)
        let end = min(height, lowestNeeded + ringRows, decoded[image.index] + bandRows)
        return end > decoded[image.index] ? .decode(image: image, rows: decoded[image.index]..<end) : nil
    }

    private func start(_ decode: DiffTask) -> DiffTask {
        if case .decode(let image, _) = decode { decoding[image.index] = true }
        return decode
    }

    /// Records a finished task: `counts` for a comparison, and for a decode whether every row came.
    func finish(_ task: DiffTask, succeeded: Bool = true, counts: Pixelmatch.Result? = nil) {
        condition.lock()
        defer { condition.unlock() }
        switch task {
        case .decode(let image, let rows):
            decoding[image.index] = false
            if succeeded { decoded[image.index] = rows.upperBound } else { failed = true }
        case .compare(let rows):
            comparing.removeAll { $0 == rows.lowerBound }
            if let counts {
                total.diffPixels += counts.diffPixels
                total.antiAliasedPixels += counts.antiAliasedPixels
            }
        }
        changes.add(1, ordering: .relaxed)
        condition.broadcast()
    }
}
