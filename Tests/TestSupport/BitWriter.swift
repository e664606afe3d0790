/// Packs bits LSB-first into bytes, as deflate does.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var used = 8

    /// Writes the low `count` bits of `value`, least significant first (deflate's header fields).
    mutating func write(_ value: Int, count: Int) {
        for i in 0..<count { push((value >> i) & 1) }
    }

    /// Writes a Huffman code, most significant bit first.
    mutating func writeReversed(_ code: Int, count: Int) {
        for i in stride(from: count - 1, through: 0, by: -1) { push((code >> i) & 1) }
    }

    private mutating func push(_ bit: Int) {
        if used == 8 {
            bytes.append(0)
            used = 0
        }
        bytes[bytes.count - 1] |= UInt8(bit) << used
        used += 1
    }
}
