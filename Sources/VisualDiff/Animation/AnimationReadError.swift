import ImageCodecs

/// An animation that could not be read: which one (0 the expected, 1 the actual) and why.
public struct AnimationReadError: Error, Sendable {
    public var index: Int
    public var error: DecodeError
}
