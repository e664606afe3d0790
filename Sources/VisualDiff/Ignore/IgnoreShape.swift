/// A part of a frame a comparison leaves out (CONTRACT.md, "Ignore regions"), in frame pixels.
public enum IgnoreShape: Sendable, Hashable {
    /// A convex quadrilateral (an item's drawn quad, corners in order), grown by `margin` pixels: every
    /// pixel whose square comes within `margin` of it.
    case quad([SIMD2<Double>], margin: Double)
    /// A rectangle from (x0, y0) to (x1, y1): every pixel whose square it overlaps.
    case rect(x0: Double, y0: Double, x1: Double, y1: Double)
}

/// The ignored regions of one frame, or of each frame of an animation, and the frame size they are for.
public struct IgnoreRegions: Sendable, Hashable {
    public var width: Int
    public var height: Int
    /// Per frame (one for a still), the shapes left out.
    public var frames: [[IgnoreShape]]

    public init(width: Int, height: Int, frames: [[IgnoreShape]]) {
        (self.width, self.height, self.frames) = (width, height, frames)
    }

    /// The pixels left out over all the frames.
    public var ignoredPixels: Int { frames.indices.reduce(0) { $0 + (mask(ofFrame: $1)?.count ?? 0) } }

    /// Frame `index`'s mask; nil when it has no shape (or there is no such frame).
    public func mask(ofFrame index: Int) -> IgnoreMask? {
        guard frames.indices.contains(index), !frames[index].isEmpty else { return nil }
        return IgnoreMask(width: width, height: height, shapes: frames[index])
    }
}
