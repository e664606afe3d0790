#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `work(0)` on this thread and `work(1)` on a new one, both at once, for work whose halves wait
/// for each other (the streaming diff's two workers): a plain pthread, which starts in ~0.1 ms where
/// Foundation's `Thread` took ~2 ms.
enum TwoThreads {
    /// Returns when both are done; false, having run neither, when no thread could be started.
    static func run(_ work: @escaping @Sendable (Int) -> Void) -> Bool {
        let context = Unmanaged.passRetained(Body(work)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let status = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<Body>.fromOpaque(context).takeRetainedValue().work(1)
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        work(0)
        #if canImport(Darwin)
            if let thread { pthread_join(thread, nil) }
        #else
            pthread_join(thread, nil)
        #endif
        return true
    }

    /// The closure, boxed to cross into the new thread as a pointer. Unchecked (the closure is not
    /// `@Sendable`); safe because `run` joins the thread before the closure's captures go away.
    private final class Body: @unchecked Sendable {
        let work: @Sendable (Int) -> Void
        init(_ work: @escaping @Sendable (Int) -> Void) { self.work = work }
    }
}
