/// A size in points (not pixels).
public struct Size: Sendable, Hashable, Codable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The same size with width and height exchanged (a rotation).
    public var transposed: Size { Size(width: height, height: width) }
}
