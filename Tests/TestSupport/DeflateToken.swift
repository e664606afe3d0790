/// One symbol of a hand-made deflate stream (`PNGCrafter.zlibFixedHuffman`).
public enum DeflateToken: Sendable, Hashable {
    case literal(UInt8)
    /// Copy `length` (3…258) bytes from `distance` (1…32768) bytes back.
    case match(length: Int, distance: Int)
}
