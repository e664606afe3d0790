extension LayoutTransition {
    /// One item's start and end states.
    struct Tween: Sendable {
        /// What UIKit animates of a cell: `center`, `bounds` (S × H), `transform` (the scale z, or a
        /// page layout's 3D matrix) and `alpha`; `size` is the drawn width the layout gave (S·z); a
        /// page card's photo offset, shadow, blur and zIndex.
        struct State: Sendable {
            var center: Point
            var side: Size
            var scale: Double
            var size: Double
            var alpha: Double
            var transform: Transform3D?
            var contentOffset: Point?
            var shadow: ItemShadow?
            var blur: BackdropBlur?
            var zIndex: Int
            var singleSided: Bool
            var progress: Double?

            init(_ item: LayoutItem, side: Size) {
                (center, self.side, scale, size, alpha) = (item.center, side, item.scale, item.size, item.alpha)
                (transform, contentOffset, zIndex) = (item.transform, item.contentOffset, item.zIndex)
                (shadow, blur, singleSided, progress) = (item.shadow, item.blur, item.singleSided, item.progress)
            }

            /// The same state, transparent.
            var faded: State {
                var state = self
                state.alpha = 0
                return state
            }
        }

        let index: Int
        let from: State
        let to: State

        /// The item at eased progress `p`: each part lerped on its own (at 0 and 1 exactly the ends'); a
        /// 3D item without a shadow of its own has `sceneShadow`.
        func item(at p: Double, sceneShadow: ItemShadow?) -> AnimatedItem {
            func mix(_ a: Double, _ b: Double) -> Double { p == 0 ? a : p == 1 ? b : a + (b - a) * p }
            func mix(_ a: Point, _ b: Point) -> Point { Point(x: mix(a.x, b.x), y: mix(a.y, b.y)) }
            let scale = mix(from.scale, to.scale)
            // At either end the drawn side is the layout's own, not S·z recomputed (the same number
            // but for rounding), so the first and last frames are exactly the layouts' frames.
            let bounds = Size(width: mix(from.side.width, to.side.width), height: mix(from.side.height, to.side.height))
            let size = p == 0 ? from.size : p == 1 ? to.size : bounds.width * scale
            var item = LayoutItem(
                index: index, center: mix(from.center, to.center), size: size, scale: scale,
                bounds: bounds.width == bounds.height ? nil : bounds)
            if from.transform != nil || to.transform != nil {
                let (a, b) = (from.transform ?? .identity, to.transform ?? .identity)
                item.transform = p == 0 ? a : p == 1 ? b : a.interpolated(to: b, p)
                (item.size, item.scale, item.bounds) = (bounds.width, 1, bounds)
                let zero = Point(x: 0, y: 0)
                let shift = mix(from.contentOffset ?? zero, to.contentOffset ?? zero)
                item.contentOffset = from.contentOffset == nil && to.contentOffset == nil ? nil : shift
                item.shadow = Self.shadow(from.shadow ?? sceneShadow, to.shadow ?? sceneShadow, mix)
                item.blur = Self.blur(from.blur, to.blur, mix)
                item.singleSided = p < 0.5 ? from.singleSided : to.singleSided
                item.zIndex = p < 1 ? from.zIndex : to.zIndex
                item.alpha = mix(from.alpha, to.alpha)
                if let a = from.progress ?? to.progress, let b = to.progress ?? from.progress {
                    item.progress = mix(a, b)
                }
            }
            return AnimatedItem(item: item, alpha: mix(from.alpha, to.alpha))
        }

        /// Two shadows lerped, a missing one as the other at opacity 0.
        static func shadow(_ a: ItemShadow?, _ b: ItemShadow?, _ mix: (Double, Double) -> Double) -> ItemShadow? {
            guard var absent = a ?? b else { return nil }
            absent.opacity = 0
            let (a, b) = (a ?? absent, b ?? absent)
            return ItemShadow(
                opacity: mix(a.opacity, b.opacity), radius: mix(a.radius, b.radius),
                offset: Point(x: mix(a.offset.x, b.offset.x), y: mix(a.offset.y, b.offset.y)))
        }

        /// Two blurs lerped, a missing one as the other at fraction 0.
        static func blur(_ a: BackdropBlur?, _ b: BackdropBlur?, _ mix: (Double, Double) -> Double) -> BackdropBlur? {
            guard var absent = a ?? b else { return nil }
            absent.fraction = 0
            let (a, b) = (a ?? absent, b ?? absent)
            return BackdropBlur(
                fraction: mix(a.fraction, b.fraction),
                translation: Point(x: mix(a.translation.x, b.translation.x), y: mix(a.translation.y, b.translation.y)))
        }
    }
}
