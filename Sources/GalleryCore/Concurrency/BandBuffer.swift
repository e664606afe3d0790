/// Memory that parallel workers share, each writing only its own part (a band of rows, a result slot,
/// a stretch of bytes) or only reading, and that is read as a whole only after every worker is done:
/// the one audited `@unchecked Sendable` wrapper of raw memory (`RowBands`, `Parallel`). Whoever
/// makes one keeps those two promises, and keeps the memory alive until the workers return.
public struct BandBuffer<Element>: @unchecked Sendable {
    public let buffer: UnsafeMutableBufferPointer<Element>

    public init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }

    /// Memory the workers only read.
    public init(reading buffer: UnsafeBufferPointer<Element>) {
        self.buffer = UnsafeMutableBufferPointer(mutating: buffer)
    }

    /// Element `index`: a worker's own slot.
    public subscript(index: Int) -> Element {
        get { buffer[index] }
        nonmutating set { buffer[index] = newValue }
    }
}
