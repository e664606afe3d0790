/// A photo that could not be decoded (drawn as a placeholder), or decoded with a warning.
public struct PhotoProblem: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var message: String
    /// True when the photo could not be decoded at all; false for a recovered warning.
    public var isError: Bool

    public var description: String { "\(path): \(message)" }
}
