#if canImport(Glibc)
    import Glibc
#endif

/// Asks the kernel to back a large, not yet touched buffer with transparent huge pages, where the
/// system allows it on request (`madvise` mode). A decoded photo or a frame is tens of megabytes: in
/// 4 KiB pages that is thousands of page faults, in 2 MiB pages a handful. Only a hint; the
/// contents are unaffected.
public enum HugePages {
    /// Advises the 2 MiB-aligned interior of `count` bytes at `pointer`. Call before writing to it.
    public static func advise(_ pointer: UnsafeMutableRawPointer?, count: Int) {
        #if os(Linux)
            let huge = 2 << 20
            guard let pointer, count >= 2 * huge else { return }
            let start = (Int(bitPattern: pointer) + huge - 1) & ~(huge - 1)
            let end = (Int(bitPattern: pointer) + count) & ~(huge - 1)
            guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(aligned, end - start, MADV_HUGEPAGE)
        #endif
    }
}
