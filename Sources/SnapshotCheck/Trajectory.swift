/// A scene's `expect` (CONTRACT.md, "Trajectories"): assertions on its layout, checked from the
/// `layout` text alone (no pixels), each failing on its own.
public enum Expectation: Sendable, Equatable {
    /// Bounds, a direction and values at times of one property of item `item` (its original index).
    case item(Int, Property, Rule)
    /// Every item no `.item` expectation names keeps its centre and size within 0.01 pt.
    case othersStill

    public enum Property: String, Sendable, CaseIterable {
        case centerX, centerY, size, scale, alpha
    }

    public struct Rule: Sendable, Equatable {
        public var min: Double?
        public var max: Double?
        public var monotonic: Direction?
        public var at: [(time: Double, equals: Double, within: Double)]

        public init(
            min: Double? = nil, max: Double? = nil, monotonic: Direction? = nil,
            at: [(time: Double, equals: Double, within: Double)] = []
        ) {
            (self.min, self.max, self.monotonic, self.at) = (min, max, monotonic, at)
        }

        public static func == (a: Rule, b: Rule) -> Bool {
            a.min == b.min && a.max == b.max && a.monotonic == b.monotonic
                && a.at.elementsEqual(b.at) { $0.time == $1.time && $0.equals == $1.equals && $0.within == $1.within }
        }
    }

    public enum Direction: String, Sendable {
        case increasing, decreasing
    }

    /// The most failed expectations a frame of another run's report brings.
    public static let limit = 256
    /// How far an item may move and still be still, in points.
    public static let stillTolerance = 0.01
}

/// One frame of a `layout` text: its time and each item's values by index.
public struct TrajectoryFrame: Sendable {
    public var time: Double
    public var items: [Int: [Expectation.Property: Double]]

    public init(time: Double, items: [Int: [Expectation.Property: Double]]) {
        (self.time, self.items) = (time, items)
    }
}
