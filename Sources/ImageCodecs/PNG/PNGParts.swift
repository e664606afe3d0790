import GalleryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the parts of one PNG encode go: disjoint per part, so workers never share a byte (each
/// part's worker writes only its own stretch and slots, and the encoder reads them only after every
/// worker has returned, as `BandBuffer` asks).
struct PNGParts: Sendable {
    /// `count` stretches of `bound` bytes, one a part.
    let output: BandBuffer<UInt8>
    let bound: Int
    let sizes: BandBuffer<Int>
    let filteredSizes: BandBuffer<Int>
    let adlers: BandBuffer<UInt32>

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
        self.output = BandBuffer(
            UnsafeMutableBufferPointer(start: output.assumingMemoryBound(to: UInt8.self), count: bytes))
        self.bound = max(bound, 1)
        self.sizes = BandBuffer(
            UnsafeMutableBufferPointer(start: sizes.assumingMemoryBound(to: Int.self), count: count))
        self.filteredSizes = BandBuffer(
            UnsafeMutableBufferPointer(start: filtered.assumingMemoryBound(to: Int.self), count: count))
        self.adlers = BandBuffer(
            UnsafeMutableBufferPointer(start: adlers.assumingMemoryBound(to: UInt32.self), count: count))
    }

    /// Where part `index` goes.
    func part(_ index: Int) -> UnsafeMutablePointer<UInt8>? { output.buffer.baseAddress.map { $0 + index * bound } }

    func deallocate() {
        free(output.buffer.baseAddress)
        free(sizes.buffer.baseAddress)
        free(filteredSizes.buffer.baseAddress)
        free(adlers.buffer.baseAddress)
    }
}
