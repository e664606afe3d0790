import GalleryCore

/// Runs `work(0)` on this thread and `work(1)` on a new one, both at once, for work whose halves wait
/// for each other (the streaming diff's two workers): a SystemThread (a plain pthread), which starts in
/// ~0.1 ms where Foundation's `Thread` took ~2 ms.
enum TwoThreads {
    /// Returns when both are done; false, having run neither, when no thread could be started.
    static func run(_ work: @escaping @Sendable (Int) -> Void) -> Bool {
        guard let thread = SystemThread.start({ work(1) }) else { return false }
        work(0)
        thread.join()
        return true
    }
}
