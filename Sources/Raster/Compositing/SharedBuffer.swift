/// A buffer handed to band workers (`RowBands`). Unchecked (a raw buffer); safe because each worker
/// touches only its own band's rows and `RowBands.forEach` returns after all of them.
struct SharedBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
    init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}
