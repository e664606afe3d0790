import Foundation
import GalleryCore

/// A progress line on stderr — frames done, rate, ETA — shown only on a terminal and never when quiet.
final class Progress: Sendable {
    private let total: Int
    private let console: Console
    private let start = Date()
    private let done = Locked(0)
    private let enabled: Bool

    init(total: Int, console: Console) {
        self.total = total
        self.console = console
        enabled = total > 1 && console.showsProgress
    }

    func advance() {
        guard enabled else { return }
        let done = self.done.withLock { done in
            done += 1
            return done
        }
        let elapsed = Date().timeIntervalSince(start)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let eta = rate > 0 ? Double(total - done) / rate : 0
        let width = 24, filled = width * done / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        console.error(String(format: "\r%@ %d/%d frames  %.1f/s  ETA %.0fs ", bar, done, total, rate, eta))
    }

    func finish() {
        if enabled { console.error("\n") }
    }
}
