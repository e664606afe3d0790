import Foundation

/// A value behind a lock, with `Mutex`'s interface (`withLock`), on a pthread mutex.
///
/// Why not the Synchronization module's `Mutex`: on Linux it waits on a futex from a module built
/// without ThreadSanitizer, so TSan sees no ordering between the threads that take it and reports
/// every value it guards as raced (it did, in `make sanitize-thread`). A pthread mutex TSan sees.
/// Unchecked Sendable, and safe: `value` is touched only inside `withLock`.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, the lock held.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
