/// A rectangle of whole pixels: columns `x`, rows `y`.
public struct ImageRegion: Sendable, Hashable, CustomStringConvertible {
    public var x: Range<Int>
    public var y: Range<Int>

    public init(x: Range<Int>, y: Range<Int>) {
        self.x = x
        self.y = y
    }

    /// All of a `size` image.
    public init(whole size: PixelSize) { self.init(x: 0..<size.width, y: 0..<size.height) }

    public var size: PixelSize { PixelSize(width: x.count, height: y.count) }
    public var isEmpty: Bool { x.isEmpty || y.isEmpty }

    /// The smallest region holding both.
    public func union(_ other: ImageRegion) -> ImageRegion {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return ImageRegion(
            x: min(x.lowerBound, other.x.lowerBound)..<max(x.upperBound, other.x.upperBound),
            y: min(y.lowerBound, other.y.lowerBound)..<max(y.upperBound, other.y.upperBound))
    }

    /// The part of this region inside `other`.
    public func clamped(to other: ImageRegion) -> ImageRegion {
        ImageRegion(x: x.clamped(to: other.x), y: y.clamped(to: other.y))
    }

    /// True when every pixel of `other` is in this region.
    public func contains(_ other: ImageRegion) -> Bool {
        other.isEmpty
            || (x.lowerBound <= other.x.lowerBound && other.x.upperBound <= x.upperBound
                && y.lowerBound <= other.y.lowerBound && other.y.upperBound <= y.upperBound)
    }

    public var description: String { "[\(x.lowerBound)..<\(x.upperBound)]×[\(y.lowerBound)..<\(y.upperBound)]" }
}
