import Foundation
import GalleryCore

/// Progress on stderr, never when quiet: on a terminal a line redrawn per frame — frames done, rate,
/// ETA; elsewhere (CI logs) a line every tenth of the frames or every 10 s, whichever comes later, so
/// a log shows a long run moving without a line a frame.
final class Progress: Sendable {
    private let total: Int
    private let console: Console
    private let start: Date
    /// Frames done, and when and at which tenth the last log line was written.
    private let state = Locked((done: 0, loggedAt: 0.0, loggedTenth: 0))
    private let bar: Bool
    private let log: Bool

    /// Seconds at least between two log lines.
    static let logInterval = 10.0

    /// `start`: when the work began (a motion's planning, before its first frame, counts too).
    init(total: Int, console: Console, start: Date = Date()) {
        (self.total, self.start) = (total, start)
        self.console = console
        bar = total > 1 && console.showsProgress
        log = total > 1 && console.logsProgress
    }

    /// Seconds since the work began.
    var elapsed: Double { Date().timeIntervalSince(start) }

    func advance() {
        guard bar || log else { return }
        let elapsed = self.elapsed
        let (done, logs) = state.withLock { state in
            state.done += 1
            let tenth = state.done * 10 / total
            let logs = log && Self.logsLine(tenth: tenth, elapsed: elapsed, last: (state.loggedTenth, state.loggedAt))
            if logs { (state.loggedAt, state.loggedTenth) = (elapsed, tenth) }
            return (state.done, logs)
        }
        if logs {
            console.error(
                String(format: "progress: %d/%d frames (%d %%), %.1f s\n", done, total, done * 100 / total, elapsed))
        }
        guard bar else { return }
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let eta = rate > 0 ? Double(total - done) / rate : 0
        let width = 24, filled = width * done / total
        let line = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        console.progress(bar: String(format: "%@ %d/%d frames  %.1f/s  ETA %.0fs ", line, done, total, rate, eta))
    }

    /// Whether a log line is due: a tenth of the frames more than the last line's, and
    /// `logInterval` seconds after it, whichever comes later.
    static func logsLine(tenth: Int, elapsed: Double, last: (tenth: Int, at: Double)) -> Bool {
        tenth > last.tenth && elapsed - last.at >= logInterval
    }

    /// A duration as summary lines give it: "1.2 s".
    static func seconds(_ seconds: Double) -> String { String(format: "%.1f s", seconds) }

    /// Ends the terminal's line, then `summary` (frames, failures, time) unless quiet.
    func finish(summary: String? = nil) {
        if bar { console.endProgress() }
        if let summary, !console.quiet { console.error(summary + "\n") }
    }
}
