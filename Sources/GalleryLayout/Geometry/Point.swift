/// A point in points (not pixels).
public struct Point: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The squared distance to `other` (exact for comparing distances).
    public func distanceSquared(to other: Point) -> Double {
        (x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)
    }
}
