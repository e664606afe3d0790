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
        let threads = Mutex<[Int: UInt]>([:])
        let ran = TwoThreads.run { half in
            threads.withLock { $0[half] = currentThread() }
            if half == 1 {
                halfOneRan.store(true, ordering: .releasing)
            } else {
                while !halfOneRan.load(ordering: .acquiring) { sched_yield() }
            }
        }
        #expect(ran)
        let ids = threads.withLock { $0 }
        #expect(ids.count == 2 && ids[0] != ids[1])
    }
}

private func currentThread() -> UInt {
    #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
    #else
        UInt(pthread_self())
    #endif
}
