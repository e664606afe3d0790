import CCPU

/// KelvinJin/AnimatedCollectionViewLayout's eight animators (commit f6d163d,
/// `Sources/AnimatedCollectionViewLayout/Animators/`): what each does to a full-page item at progress
/// p, its `middleOffset` (snap-in: e, its `endOffset`), with the source's parameters as defaults.
/// Horizontal scrolling, as the contract's page layouts scroll.
public enum PageAnimator: String, Sendable, Hashable, CaseIterable {
    case cube = "page-cube"
    case linearCard = "page-linear-card"
    case page = "page-page"
    case parallax = "page-parallax"
    case rotateInOut = "page-rotate-in-out"
    case zoomInOut = "page-zoom-in-out"
    case crossFade = "page-cross-fade"
    case snapIn = "page-snap-in"

    /// What an animator (or `ScaleTransform`) sets on an item: its transform about the centre, alpha
    /// (clamped to 0…1 as UIView clamps it), zIndex, a moved centre (cross-fade), the photo's offset
    /// in its card (parallax), and a scale transform's sidedness, shadow and blur.
    public struct Attributes: Sendable, Hashable {
        public var transform = Transform3D.identity
        public var alpha = 1.0
        public var zIndex = 0
        public var center: Point?
        public var contentOffset: Point?
        /// Whether the card is hidden when its back faces the viewer (`isDoubleSided` false).
        public var singleSided = false
        public var shadow: ItemShadow?
        public var blur: BackdropBlur?
    }

    /// The item `index` at progress `p` (`endOffset` e for snap-in, given separately), its card
    /// `bounds`, in `viewport`; `pinned` is a page-page item's translation for p < 0 (the source's
    /// contentOffset.x − origin.x).
    public func attributes(p: Double, e: Double, index: Int, bounds: Size, viewport: Size, pinned: Double)
        -> Attributes
    {
        var a = Attributes()
        switch self {
        case .cube: a.transform = Self.cube(p, width: bounds.width)
        case .linearCard:
            // T·S: translate by −W·0.4·p, then scale by 0.7 − 0.1·|p|; alpha 1 − |p| + 0.5.
            let s = 0.7 - 0.1 * abs(p)
            a.transform = Transform3D(rows: [
                [s, 0, 0, 0], [0, s, 0, 0], [0, 0, 1, 0], [s * (-viewport.width * 0.4 * p), 0, 0, 1],
            ])
            a.alpha = Self.clamped(1 - abs(p) + 0.5)
        case .page:
            // S·T: scale by 1 + 0.2·min(p, 0), then (p < 0) pinned where the viewport is.
            let s = 1 + 0.2 * min(p, 0)
            a.transform = Transform3D(rows: [
                [s, 0, 0, 0], [0, s, 0, 0], [0, 0, 1, 0], [p < 0 ? pinned : 0, 0, 0, 1],
            ])
            a.zIndex = index
        case .parallax:
            if abs(p) < 1 { a.contentOffset = Point(x: -viewport.width * 0.5 * p, y: 0) }
        case .rotateInOut:
            guard abs(p) < 1 else { break }
            a.transform = .rotation(by: Double.pi / 4 * p, x: 0, y: 0, z: 1)
            a.alpha = Self.clamped(1 - abs(p))
            a.zIndex = index
        case .zoomInOut:
            if p > -1, p <= 0 { a.transform = .scale(x: 1 + 0.2 * p, y: 1 + 0.2 * p, z: 1) }
        case .crossFade:
            // The frame's origin moved to the content offset: the card at the viewport's top left.
            a.center = Point(x: bounds.width / 2, y: bounds.height / 2)
            a.alpha = Self.clamped(1 - abs(p))
        case .snapIn:
            guard e > -1, e < 0 else { break }
            // T·S: translate by (1 − |e|³)·w/4, then scale by 0.8 − 0.2·e; alpha |e|.
            let (d, s) = ((1 - abs(e) * abs(e) * abs(e)) * bounds.width / 4, 0.8 - 0.2 * e)
            a.transform = Transform3D(rows: [[s, 0, 0, 0], [0, s, 0, 0], [0, 0, 1, 0], [s * d, 0, 0, 1]])
            a.alpha = abs(e)
        }
        return a
    }

    /// The cube's page turning about its edge nearest the centre by θ = (π/2)·p, seen from 500 pt
    /// (m34 = −1/500) in front of its own centre; the source moves the anchor to that edge and shifts
    /// by `off` = ∓w/2, which about the centre is T(−off)·R(θ about y)·T(off) with the perspective:
    /// rows [cos θ, 0, −sin θ, −k·sin θ], [0, 1, 0, 0], [sin θ, 0, cos θ, k·cos θ],
    /// [off·(1 − cos θ), 0, off·sin θ, 1 + off·k·sin θ]. Identity from |p| ≥ 1.
    static func cube(_ p: Double, width: Double) -> Transform3D {
        guard abs(p) < 1 else { return .identity }
        let (k, theta) = (-1.0 / 500, Double.pi / 2 * p)
        let off = p > 0 ? -width / 2 : width / 2
        let (c, s) = (gr_cos(theta), gr_sin(theta))
        return Transform3D(rows: [
            [c, 0, -s, -k * s], [0, 1, 0, 0], [s, 0, c, k * c], [off * (1 - c), 0, off * s, 1 + off * k * s],
        ])
    }

    private static func clamped(_ alpha: Double) -> Double { min(max(alpha, 0), 1) }
}
