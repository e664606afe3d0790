import GalleryLayout
import Testing

/// `--to-layout` between page layouts and `--rotate` of one: the cards stay on their pages and each
/// transform is tweened by decomposition, written out here for matrices whose parts are a scale and
/// a translation (decomposition lerps those linearly).
@Suite struct PageTransitionTests {
    static let viewport = Size(width: 375, height: 667)

    static func gallery(_ effect: PageEffect, viewport: Size = viewport) -> Gallery {
        Gallery(style: .page(PageLayout(effect)), viewport: viewport, itemCount: 6)
    }

    /// From zoom-in-out to linear-card at offset 600 (page 1.6): item 2 is at p = 0.4, where the zoom
    /// leaves it alone and the linear card scales it by s = 0.7 − 0.1·0.4 = 0.66 and moves it by
    /// m41 = s·(−0.4·375·0.4) = −39.6. At eased progress q the scale is 1 + (0.66 − 1)·q and m41 is
    /// −39.6·q; the first and last frames are the layouts' own.
    @Test func aCardsScaleAndShiftAreLerpedAlongTheEase() throws {
        let start = Self.gallery(.animator(.zoomInOut)), end = Self.gallery(.animator(.linearCard))
        let transition = try LayoutTransition(from: start, frame: start.frame(atOffset: 600), to: end, duration: 0.3)
        #expect(transition.endFrame.offset == 600, "the same page shows")
        for t in [0.0, 0.1, 0.17, 0.3] {
            let q = EaseInOut.progress(t / 0.3)
            let item = try #require(transition.items(at: t).first { $0.item.index == 2 })
            let m = try #require(item.item.transform)
            #expect(abs(m.m11 - (1 + (0.66 - 1) * q)) < 1e-12 && abs(m.m22 - m.m11) < 1e-12, "t \(t)")
            #expect(abs(m.m41 - -39.6 * q) < 1e-9, "t \(t): \(m.m41)")
            // Alpha: 1 (zoom) to clamp(1.5 − 0.4) = 1.
            #expect(item.alpha == 1 && item.item.center == Point(x: 187.5 + 2 * 375 - 600, y: 333.5))
        }
        let first = transition.items(at: 0).map(\.item.transform)
        #expect(try first == start.frame(atOffset: 600).items.map(\.transform))
        let last = Set(transition.items(at: 0.3).filter { $0.alpha > 0 }.map(\.item.index))
        #expect(try last == Set(end.frame(atOffset: 600).items.map(\.index)))
    }

    /// A card of paging-scale's cover flow has a shadow; one of the cube has none: the tween fades it
    /// in from opacity 0, radius and offset the end's.
    @Test func shadowsFadeInWhereOnlyTheEndHasThem() throws {
        let start = Self.gallery(.animator(.cube)), end = Self.gallery(.scale(.coverFlow))
        let transition = try LayoutTransition(from: start, frame: start.frame(atOffset: 600), to: end, duration: 0.3)
        let q = EaseInOut.progress(0.5)
        let item = try #require(transition.items(at: 0.15).first { $0.item.index == 2 })
        let target = try #require(end.frame(atOffset: 600).items.first { $0.index == 2 }?.shadow)
        #expect(abs((item.item.shadow?.opacity ?? 0) - target.opacity * q) < 1e-12)
        #expect(item.item.shadow?.radius == target.radius && item.item.zIndex == 0)
    }

    /// zIndex is lerped as a layer's zPosition: the first frame draws in the start's order (page-page
    /// puts each card above the one before) and the last in the end's.
    @Test func theFirstFrameDrawsInTheStartsOrderAndTheLastInTheEnds() throws {
        let start = Self.gallery(.animator(.page)), end = Self.gallery(.animator(.linearCard))
        let transition = try LayoutTransition(from: start, frame: start.frame(atOffset: 990), to: end, duration: 0.3)
        func drawn(_ t: Double) -> [Int] { transition.items(at: t).filter { $0.alpha > 0 }.map(\.item.index) }
        #expect(try drawn(0) == start.frame(atOffset: 990).items.map(\.index))
        #expect(try drawn(0.3) == end.frame(atOffset: 990).items.map(\.index))
    }

    /// The scene's shadow stands in where a layout gives none: from the cube (none) to paging-scale's
    /// default (its own), the first frame has the scene's.
    @Test func theScenesShadowStandsInForNone() throws {
        let start = Self.gallery(.animator(.cube)), end = Self.gallery(.scale(.default))
        var transition = try LayoutTransition(from: start, frame: start.frame(atOffset: 600), to: end, duration: 0.3)
        let scene = ItemShadow(opacity: 0.8, radius: 10, offset: Point(x: 15, y: 25))
        transition.sceneShadow = scene
        #expect(transition.items(at: 0).allSatisfy { $0.item.shadow == scene })
        let last = try end.frame(atOffset: 600).items.map(\.shadow)
        #expect(transition.items(at: 0.3).filter { $0.alpha > 0 }.map(\.item.shadow) == last)
    }

    /// Turning the device keeps the page: offset 750 of a 375-wide page-page strip (page 2) becomes
    /// 2·667 = 1334 in landscape.
    @Test func aTurnKeepsThePage() throws {
        let start = Self.gallery(.animator(.page))
        let end = Self.gallery(.animator(.page), viewport: Size(width: 667, height: 375))
        let offset = end.clamped(750 / 375 * 667)
        let transition = try LayoutTransition(
            from: start, frame: start.frame(atOffset: 750), to: end, atOffset: offset, duration: 0.4)
        #expect(transition.endFrame.offset == 1334)
        let card = try #require(transition.items(at: 0.4).first { $0.item.index == 2 })
        #expect(card.item.bounds == Size(width: 667, height: 375) && card.item.center == Point(x: 333.5, y: 187.5))
    }
}
