/// Where the parts of one PNG encode go: disjoint per part, so workers never share a byte. Unchecked
/// (it holds raw pointers); safe because each part's worker writes only its own stretch and slots,
/// and the encoder reads them only after every worker has returned.
struct PNGParts: @unchecked Sendable {
    let output: UnsafeMutablePointer<UInt8>
    let sizes: UnsafeMutableBufferPointer<Int>
    let filteredSizes: UnsafeMutableBufferPointer<Int>
    let adlers: UnsafeMutableBufferPointer<UInt32>

    init(count: Int, bound: Int) {
        output = .allocate(capacity: count * bound)
        sizes = .allocate(capacity: count)
        sizes.initialize(repeating: 0)
        filteredSizes = .allocate(capacity: count)
        filteredSizes.initialize(repeating: 0)
        adlers = .allocate(capacity: count)
        adlers.initialize(repeating: 0)
    }

    func deallocate() {
        output.deallocate()
        sizes.deallocate()
        filteredSizes.deallocate()
        adlers.deallocate()
    }
}
