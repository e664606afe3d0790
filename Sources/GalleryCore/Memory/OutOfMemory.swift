/// Memory that could not be had: `bytes` is what was asked for.
public struct OutOfMemory: Error, Sendable, Hashable, CustomStringConvertible {
    public var bytes: Int

    public init(bytes: Int) { self.bytes = bytes }

    public var description: String { "out of memory: \((bytes + (1 << 20) - 1) >> 20) MiB could not be had" }
}
