/// Memory that could not be had: `bytes` is what was asked for.
public struct OutOfMemory: Error, Sendable, Hashable, CustomStringConvertible {
    public var bytes: Int

    public init(bytes: Int) { self.bytes = bytes }

    /// "out of memory: 382 MiB could not be had", or "out of memory" when the amount is not known (0).
    public var description: String {
        bytes > 0 ? "out of memory: \((bytes + (1 << 20) - 1) >> 20) MiB could not be had" : "out of memory"
    }
}
