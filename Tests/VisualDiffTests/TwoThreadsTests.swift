import Synchronization
import Testing

@testable import VisualDiff

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct TwoThreadsTests {
    /// The halves run on two threads at once: half 0 waits until half 1 has run, which on one thread
    /// would never happen (the test would hang rather than pass).
    @Test func bothHalvesRunAtOnceOnTwoThreads() {
        let halfOneRan = Atomic<Bool>(false)
        // Atomics, not a Mutex: ThreadSanitizer does not see Synchronization's futex-based Mutex on
        // Linux as ordering anything, and would report its dictionary as raced.
        let thread0 = Atomic<UInt>(0), thread1 = Atomic<UInt>(0)
        let ran = TwoThreads.run { half in
            if half == 0 {
                thread0.store(currentThread(), ordering: .sequentiallyConsistent)
            } else {
                thread1.store(currentThread(), ordering: .sequentiallyConsistent)
            }
            if half == 1 {
                halfOneRan.store(true, ordering: .releasing)
            } else {
                while !halfOneRan.load(ordering: .acquiring) { sched_yield() }
            }
        }
        #expect(ran)
        let ids = (thread0.load(ordering: .sequentiallyConsistent), thread1.load(ordering: .sequentiallyConsistent))
        #expect(ids.0 != 0 && ids.1 != 0 && ids.0 != ids.1)
    }
}

private func currentThread() -> UInt {
    #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
    #else
        UInt(pthread_self())
    #endif
}
