/// Where an item is drawn under a 3D transform (CONTRACT.md, "Item attributes", "Projection").
///
/// An item point (x, y), relative to the item's centre, y down, in points within its untransformed
/// `width` × `height`, maps to [X Y Z W] = [x y 0 1]·M (Core Animation's row-vector convention) and
/// is drawn at frame pixel (centerX + pixelsPerPoint·X/W, centerY + pixelsPerPoint·Y/W). Parts with
/// W ≤ 0 (at or behind the eye) are not drawn.
public struct ProjectedPlacement: Sendable, Hashable {
    /// The item's centre (its anchor point) in frame pixels.
    public var centerX: Double
    public var centerY: Double
    /// The item's untransformed bounds, in points.
    public var width: Double
    public var height: Double
    /// The `CATransform3D`'s entries m11, m12, m13, m14, m21, …, m44, in that order.
    public var transform: SIMD16<Double>
    /// The display scale: frame pixels per point.
    public var pixelsPerPoint: Double
    /// How opaque the item is drawn, 0…1: its coverage is multiplied by this.
    public var alpha: Float
    /// Where the photo is moved inside the item, in points (a parallax card's); the item's mask stays.
    public var contentOffsetX = 0.0
    public var contentOffsetY = 0.0

    public init(
        centerX: Double, centerY: Double, width: Double, height: Double, transform: SIMD16<Double>,
        pixelsPerPoint: Double, alpha: Float = 1
    ) {
        self.centerX = centerX
        self.centerY = centerY
        self.width = width
        self.height = height
        self.transform = transform
        self.pixelsPerPoint = pixelsPerPoint
        self.alpha = alpha
    }

    /// A placement from the transform's 16 entries in m11…m44 order; nil unless there are 16.
    public init?(
        centerX: Double, centerY: Double, width: Double, height: Double, transform values: [Double],
        pixelsPerPoint: Double, alpha: Float = 1
    ) {
        guard values.count == 16 else { return nil }
        var transform = SIMD16<Double>()
        for (i, value) in values.enumerated() { transform[i] = value }
        self.init(
            centerX: centerX, centerY: centerY, width: width, height: height, transform: transform,
            pixelsPerPoint: pixelsPerPoint, alpha: alpha)
    }

    /// `CATransform3DIdentity`'s entries.
    public static let identityTransform = SIMD16<Double>(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
}
