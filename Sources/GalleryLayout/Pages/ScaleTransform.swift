import CCPU

/// amirdew/CollectionViewPagingLayout's ScaleTransformView (commit 5b40724, `Lib/Scale/`): its
/// options with the source's defaults (`ScaleTransformViewOptions.swift`), and what it does to a card
/// at progress p (`ScaleTransformView.swift`, `applyScaleTransform`). Every card sits on the viewport
/// (its frame is the visible rect); all motion comes from this transform.
public struct ScaleTransform: Sendable, Hashable {
    /// How a ratio grows with |p| (`TransformCurve.swift`).
    public enum Curve: Sendable, Hashable {
        case linear
        case easeIn

        /// linear: u; easeIn: log₁₀(1 + 9u).
        func callAsFunction(_ u: Double) -> Double {
            switch self {
            case .linear: u
            case .easeIn: gr_log(1 + u * 9) / gr_log(10)
            }
        }
    }

    /// A pair of ratios along x and y.
    public struct Pair: Sendable, Hashable {
        public var x, y: Double
        public init(_ x: Double, _ y: Double) { (self.x, self.y) = (x, y) }
    }

    /// `rotation3d`: α = clamp(angle·p, min, max) about `axis`, with m34 set to `m34`; the card is
    /// single-sided (`isDoubleSided` false).
    public struct Rotation: Sendable, Hashable {
        public var angle, minAngle, maxAngle: Double
        public var axis: Axis
        public var m34: Double
    }

    /// A rotation's axis (x, y, z), normalised where it is used.
    public struct Axis: Sendable, Hashable {
        public var x, y, z: Double
        public init(_ x: Double, _ y: Double, _ z: Double) { (self.x, self.y, self.z) = (x, y, z) }
    }

    /// `translation3d`: (x, y, z) = clamp((rx·p·w, ry·|p|·h, rz·|p|·w), min·(w, h, w), max·(w, h, w)).
    public struct Translation: Sendable, Hashable {
        public var ratios, minRatios, maxRatios: [Double]
    }

    /// The shadow the view writes on its layer: q = 1 − |p|, radius max(2, 13q), offset
    /// (0, max(2, 6q)), opacity max(0.1, 0.1q) in Float (0.1 as a Float, always).
    public struct ShadowRange: Sendable, Hashable {
        public var radiusMin = 2.0, radiusMax = 13.0
        public var offsetMin = Pair(0, 2), offsetMax = Pair(0, 6)
        public var opacityMin: Float = 0.1, opacityMax: Float = 0.1
    }

    public var minScale = 0.75, maxScale = 1.0, scaleRatio = 0.25
    public var translationRatio = Pair(0.93, 0.36)
    public var minTranslationRatio: Pair? = Pair(-5, -5)
    public var maxTranslationRatio: Pair? = Pair(5, 5)
    public var keepVerticalSpacingEqual = true, keepHorizontalSpacingEqual = true
    public var scaleCurve = Curve.linear, translationCurve = Curve.linear
    /// Nil: `shadowEnabled` false, the layer's shadow left as it is.
    public var shadow: ShadowRange? = ShadowRange()
    /// `blurEffectRadiusRatio` when `blurEffectEnabled`: the blur's fraction is |p| times it.
    public var blurRatio: Double?
    public var rotation: Rotation?
    public var translation: Translation?

    public init() {}

    /// The card of `bounds` (w × h) at progress `p`: its transform about the viewport's centre
    /// M = T(x₃, y₃, z₃)·R(α)·S(s, s, 1)·T(tx, ty, 0) with m34 (perspective about the viewport's centre,
    /// applied after the 2D translation), its shadow and its blur, zIndex −|round(p)|.
    public func attributes(p: Double, bounds: Size) -> PageAnimator.Attributes {
        let (w, h) = (bounds.width, bounds.height)
        let (s, tx, ty) = scaleAndTranslation(p: p, w: w, h: h)
        var transform = Transform3D(rows: [[s, 0, 0, 0], [0, s, 0, 0], [0, 0, 1, 0], [tx, ty, 0, 1]])
        if let rotation {
            let angle = min(max(rotation.angle * p, rotation.minAngle), rotation.maxAngle)
            transform.m34 = rotation.m34
            transform = transform.rotated(by: angle, x: rotation.axis.x, y: rotation.axis.y, z: rotation.axis.z)
        }
        if let translation {
            let (r, low, high) = (translation.ratios, translation.minRatios, translation.maxRatios)
            func clamped(_ value: Double, _ i: Int, _ side: Double) -> Double {
                min(max(value, low[i] * side), high[i] * side)
            }
            transform = transform.translated(
                x: clamped(r[0] * p * w, 0, w), y: clamped(r[1] * abs(p) * h, 1, h), z: clamped(r[2] * abs(p) * w, 2, w)
            )
        }
        var a = PageAnimator.Attributes()
        a.transform = transform
        a.zIndex = -Int(abs(p.rounded(.toNearestOrAwayFromZero)))
        a.singleSided = rotation != nil
        if let shadow {
            let q = 1 - abs(p)
            let opacity = max(shadow.opacityMin, Float(1 - abs(Float(p))) * shadow.opacityMax)
            a.shadow = ItemShadow(
                opacity: Double(opacity), radius: max(shadow.radiusMin, q * shadow.radiusMax),
                offset: Point(
                    x: max(shadow.offsetMin.x, q * shadow.offsetMax.x),
                    y: max(shadow.offsetMin.y, q * shadow.offsetMax.y)))
        }
        if let blurRatio, blurRatio > 0 {
            a.blur = BackdropBlur(fraction: abs(p) * blurRatio, translation: Point(x: tx, y: ty))
        }
        return a
    }

    /// Step A: s = clamp(1 − scaleCurve(|p|)·scaleRatio, minScale, maxScale) (the lower bound first),
    /// the 2D translation with the keep-spacing terms, clamped by the translation ratios.
    func scaleAndTranslation(p: Double, w: Double, h: Double) -> (s: Double, tx: Double, ty: Double) {
        let s = min(max(1 - scaleCurve(abs(p)) * scaleRatio, minScale), maxScale)
        var xAdjustment = keepHorizontalSpacingEqual ? ((1 - s) * w) / 2 : 0
        if p > 0 { xAdjustment = -xAdjustment }
        let yAdjustment = keepVerticalSpacingEqual ? ((1 - s) * h) / 2 : 0
        let v = translationCurve(abs(p))
        var tx = w * translationRatio.x * (v * (p < 0 ? -1 : 1)) - xAdjustment
        var ty = h * translationRatio.y * abs(v) - yAdjustment
        if let low = minTranslationRatio { (tx, ty) = (max(tx, w * low.x), max(ty, h * low.y)) }
        if let high = maxTranslationRatio { (tx, ty) = (min(tx, w * high.x), min(ty, h * high.y)) }
        return (s, tx, ty)
    }
}

/// A layer's shadow as a layout sets it (ScaleTransformView's presets): opacity, blur radius and
/// offset in the item's own plane, in points. Its colour is the scene's.
public struct ItemShadow: Sendable, Hashable {
    public var opacity: Double
    public var radius: Double
    public var offset: Point

    public init(opacity: Double, radius: Double, offset: Point) {
        (self.opacity, self.radius, self.offset) = (opacity, radius, offset)
    }
}

/// A backdrop blur over the item (ScaleTransformView's blur preset: a `UIVisualEffectView` with the
/// `.light` material at `fraction` of its full effect, the viewport's size, moved by `translation`).
public struct BackdropBlur: Sendable, Hashable {
    public var fraction: Double
    public var translation: Point

    public init(fraction: Double, translation: Point) {
        (self.fraction, self.translation) = (fraction, translation)
    }
}
