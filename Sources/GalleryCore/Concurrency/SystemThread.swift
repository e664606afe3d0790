#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plain pthread running one closure. Where Dispatch, refused a thread by the system (a tight
/// `ulimit -v`, a container's pids limit), sleeps and asks again for ever, `start` gives nil and the
/// caller does the work itself: a thread that cannot start never hangs a run.
public struct SystemThread {
    private let thread: pthread_t

    private init(_ thread: pthread_t) { self.thread = thread }

    /// Starts `body` on a new thread; nil when the system gives none.
    public static func start(_ body: @escaping @Sendable () -> Void) -> SystemThread? {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let status = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<Body>.fromOpaque(context).takeRetainedValue().work()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return nil
        }
        #if canImport(Darwin)
            guard let thread else { return nil }
        #endif
        return SystemThread(thread)
    }

    /// Waits for the thread to end.
    public func join() { pthread_join(thread, nil) }

    /// Lets the thread end on its own, never joined.
    public func detach() { pthread_detach(thread) }

    /// The closure, boxed to cross into the new thread as a pointer.
    private final class Body: Sendable {
        let work: @Sendable () -> Void
        init(_ work: @escaping @Sendable () -> Void) { self.work = work }
    }
}
