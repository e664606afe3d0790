#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the parts of one PNG encode go: disjoint per part, so workers never share a byte. Unchecked
/// (it holds raw pointers); safe because each part's worker writes only its own stretch and slots,
/// and the encoder reads them only after every worker has returned.
struct PNGParts: @unchecked Sendable {
    let output: UnsafeMutablePointer<UInt8>
    let sizes: UnsafeMutableBufferPointer<Int>
    let filteredSizes: UnsafeMutableBufferPointer<Int>
    let adlers: UnsafeMutableBufferPointer<UInt32>

    /// Room for `count` parts of at most `bound` bytes; nil when the memory cannot be had. Taken with
    /// `malloc`, which fails where Swift's own allocator would abort (a frame's parts are about its
    /// size in bytes: 300 MB for 10000²).
    init?(count: Int, bound: Int) {
        let (bytes, overflow) = max(count, 1).multipliedReportingOverflow(by: max(bound, 1))
        guard !overflow, let output = malloc(bytes) else { return nil }
        let slots = max(count, 1)
        let sizes = calloc(slots, MemoryLayout<Int>.stride)
        let filtered = calloc(slots, MemoryLayout<Int>.stride)
        let adlers = calloc(slots, MemoryLayout<UInt32>.stride)
        guard let sizes, let filtered, let adlers else {
            for block in [output, sizes, filtered, adlers] { free(block) }
            return nil
        }
        self.output = output.assumingMemoryBound(to: UInt8.self)
        self.sizes = UnsafeMutableBufferPointer(start: sizes.assumingMemoryBound(to: Int.self), count: count)
        self.filteredSizes = UnsafeMutableBufferPointer(start: filtered.assumingMemoryBound(to: Int.self), count: count)
        self.adlers = UnsafeMutableBufferPointer(start: adlers.assumingMemoryBound(to: UInt32.self), count: count)
    }

    func deallocate() {
        free(output)
        free(sizes.baseAddress)
        free(filteredSizes.baseAddress)
        free(adlers.baseAddress)
    }
}
