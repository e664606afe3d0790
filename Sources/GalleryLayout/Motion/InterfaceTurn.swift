/// How the interface stands in a frame of a device rotation: its bounds (points) and how far it is
/// still turned from the screen, in degrees, counter-clockwise positive.
public struct InterfaceTurn: Sendable, Hashable {
    /// The interface's bounds at this moment: w(p) × h(p), from the start's W × H to H × W.
    public var viewport: Size
    /// θ(p) = ±90°·(1 − p): + when the start is portrait, − when it is landscape.
    public var degrees: Double

    public init(viewport: Size, degrees: Double) {
        self.viewport = viewport
        self.degrees = degrees
    }

    /// The interface at progress `p` of a rotation from a `start` viewport to the swapped one:
    /// exactly the start at p = 0 and the end (H × W, unturned) at p = 1.
    public static func at(_ p: Double, turning start: Size) -> InterfaceTurn {
        func mix(_ a: Double, _ b: Double) -> Double { p == 0 ? a : p == 1 ? b : a + (b - a) * p }
        let quarter = start.width <= start.height ? 90.0 : -90.0
        return InterfaceTurn(
            viewport: Size(width: mix(start.width, start.height), height: mix(start.height, start.width)),
            degrees: p == 1 ? 0 : quarter * (1 - p))
    }
}
