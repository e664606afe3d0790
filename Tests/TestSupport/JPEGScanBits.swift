/// MSB-first bits for a JPEG scan written by hand, 0xFF stuffed as FF 00, padded with ones.
public struct JPEGScanBits {
    private var bytes: [UInt8] = []
    private var pending: UInt64 = 0
    private var count = 0

    public init() {}

    /// Appends the low `length` (at most 32) bits of `value`, most significant first.
    public mutating func put(_ value: UInt32, _ length: Int) {
        guard length > 0 else { return }
        pending = pending << length | UInt64(value) & (1 << length - 1)
        count += length
        while count >= 8 {
            count -= 8
            let byte = UInt8(truncatingIfNeeded: pending >> count)
            bytes.append(byte)
            if byte == 0xFF { bytes.append(0) }
        }
    }

    /// The scan's bytes, the last one padded with ones.
    public mutating func finish() -> [UInt8] {
        if count > 0 { put(UInt32(1 << (8 - count)) - 1, 8 - count) }
        return bytes
    }
}
