import GalleryLayout
import Testing

/// AnimatedCollectionViewLayout's eight animators (commit f6d163d) on full pages 390 × 844, item 3 at
/// offset (3 − p)·390: each item's centre, transform, alpha and zIndex against the oracle numbers of an
/// independent re-implementation of the source's formulas (the research note for issue 53, §5.1,
/// made by a Python script applying Core Animation's products step by step).
@Suite struct PageLayoutTests {
    static let viewport = Size(width: 390, height: 844)

    static func item(_ animator: PageAnimator, p: Double) -> LayoutItem {
        PageLayout(animator: animator).item(3, viewport: viewport, offset: (3 - p) * 390)
    }

    static func expect(_ item: LayoutItem, rows: [[Double]], sourceLocation: SourceLocation = #_sourceLocation) {
        let values = item.transform?.values ?? []
        let expected = rows.flatMap { $0 }
        #expect(values.count == 16, sourceLocation: sourceLocation)
        for (got, want) in zip(values, expected) {
            #expect(abs(got - want) <= 1e-12 * max(1, abs(want)), "\(values)", sourceLocation: sourceLocation)
        }
    }

    @Test func theCubeTurnsAboutTheEdgeNearestTheCentre() {
        let at35 = Self.item(.cube, p: 0.35)
        #expect(at35.center == Point(x: 331.5, y: 422) && at35.alpha == 1 && at35.zIndex == 0)
        Self.expect(
            at35,
            rows: [
                [0.8526401643540922, 0, -0.5224985647159488, 0.0010449971294318977], [0, 1, 0, 0],
                [0.5224985647159488, 0, 0.8526401643540922, -0.0017052803287081844],
                [-28.735167950952018, 0, -101.88722011961002, 1.20377444023922],
            ])
        Self.expect(
            Self.item(.cube, p: -0.8),
            rows: [
                [0.30901699437494745, 0, 0.9510565162951535, -0.0019021130325903072], [0, 1, 0, 0],
                [-0.9510565162951535, 0, 0.30901699437494745, -0.0006180339887498949],
                [134.74168609688525, 0, -185.45602067755493, 1.37091204135511],
            ])
        // At rest the perspective is there (m34 = −1/500), and from |p| ≥ 1 the identity.
        Self.expect(Self.item(.cube, p: 0), rows: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, -0.002], [0, 0, 0, 1]])
        Self.expect(Self.item(.cube, p: 1), rows: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
    }

    @Test func theLinearCardIsScaledAndPulledIn() {
        let at35 = Self.item(.linearCard, p: 0.35)
        #expect(at35.alpha == 1)  // 1.15, clamped
        Self.expect(
            at35,
            rows: [
                [0.6649999999999999, 0, 0, 0], [0, 0.6649999999999999, 0, 0], [0, 0, 1, 0],
                [-36.30899999999999, 0, 0, 1],
            ])
        let at80 = Self.item(.linearCard, p: -0.8)
        #expect(abs(at80.alpha - 0.7) < 1e-12)
        Self.expect(
            at80,
            rows: [
                [0.6199999999999999, 0, 0, 0], [0, 0.6199999999999999, 0, 0], [0, 0, 1, 0],
                [77.37599999999999, 0, 0, 1],
            ])
    }

    @Test func theOutgoingPageIsPinnedAndShrinks() {
        let at80 = Self.item(.page, p: -0.8)
        #expect(at80.center == Point(x: -117, y: 422) && at80.zIndex == 3)
        Self.expect(at80, rows: [[0.84, 0, 0, 0], [0, 0.84, 0, 0], [0, 0, 1, 0], [312, 0, 0, 1]])
        Self.expect(Self.item(.page, p: 0.35), rows: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
    }

    @Test func theParallaxMovesThePhotoInsideItsCard() {
        #expect(Self.item(.parallax, p: 0.35).contentOffset == Point(x: -68.25, y: 0))
        #expect(Self.item(.parallax, p: -0.8).contentOffset == Point(x: 156, y: 0))
        #expect(Self.item(.parallax, p: 1).contentOffset == nil)
    }

    @Test func rotateInOutTurnsAndFades() {
        let at35 = Self.item(.rotateInOut, p: 0.35)
        #expect(abs(at35.alpha - 0.65) < 1e-12 && at35.zIndex == 3)
        Self.expect(
            at35,
            rows: [
                [0.9624552364536473, 0.27144044986507426, 0, 0], [-0.27144044986507426, 0.9624552364536473, 0, 0],
                [0, 0, 1, 0], [0, 0, 0, 1],
            ])
        let at80 = Self.item(.rotateInOut, p: -0.8)
        #expect(abs(at80.alpha - 0.19999999999999996) < 1e-12)
        Self.expect(
            at80,
            rows: [
                [0.8090169943749475, -0.5877852522924731, 0, 0], [0.5877852522924731, 0.8090169943749475, 0, 0],
                [0, 0, 1, 0], [0, 0, 0, 1],
            ])
        #expect(Self.item(.rotateInOut, p: 1).zIndex == 0)  // |p| ≥ 1: zIndex untouched
    }

    @Test func zoomInOutShrinksTheOutgoingPage() {
        Self.expect(
            Self.item(.zoomInOut, p: -0.8), rows: [[0.84, 0, 0, 0], [0, 0.84, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
        Self.expect(Self.item(.zoomInOut, p: 0.35), rows: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
    }

    @Test func crossFadeStacksThePagesOnTheViewport() {
        let at35 = Self.item(.crossFade, p: 0.35)
        #expect(at35.center == Point(x: 195, y: 422) && abs(at35.alpha - 0.65) < 1e-12)
        #expect(Self.item(.crossFade, p: 1.2).alpha == 0)  // −0.2, clamped
    }

    @Test func snapInMovesTheIncomingPageByItsEndOffset() {
        // e = −0.8 is middleOffset 0.2: offset (3 − 0.2)·390.
        let layout = PageLayout(animator: .snapIn)
        let item = layout.item(3, viewport: Self.viewport, offset: (3 - 0.19999999999999996) * 390)
        #expect(abs((item.progress ?? 0) + 0.8) < 1e-12 && abs(item.alpha - 0.8) < 1e-12)
        Self.expect(
            item,
            rows: [
                [0.9600000000000001, 0, 0, 0], [0, 0.9600000000000001, 0, 0], [0, 0, 1, 0],
                [45.67679999999999, 0, 0, 1],
            ])
        // e = 0.35 (middleOffset 1.35): outside (−1, 0), untouched.
        Self.expect(
            layout.item(3, viewport: Self.viewport, offset: (3 - 1.35) * 390),
            rows: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
    }

    @Test func theFrameDrawsByZIndexThenIndexAndOnlyWhatShows() throws {
        // page-page at offset 253.5 (item 0 at p = −0.65, item 1 at 0.35): both drawn, item 1 (zIndex 1)
        // on top; page 2 (p = 1.35) is off screen.
        let gallery = Gallery(style: .page(PageLayout(animator: .page)), viewport: Self.viewport, itemCount: 5)
        let frame = try gallery.frame(atOffset: 253.5)
        #expect(frame.items.map(\.index) == [0, 1])
        #expect(frame.items.map(\.zIndex) == [0, 1])
        #expect(gallery.contentSize == Size(width: 1950, height: 844) && gallery.scrollableRange == 0...1560)
        // Cross-fade: |p| ≥ 1 is alpha 0, not drawn.
        let fade = Gallery(style: .page(PageLayout(animator: .crossFade)), viewport: Self.viewport, itemCount: 5)
        #expect(try fade.frame(atOffset: 390).items.map(\.index) == [1])
    }

    @Test func pagePageDrawsThePinnedCardsWithinTwoPages() throws {
        // Offset 3.5 pages: p = i − 3.5. Cards with |p| < 2 are 2 (p = −1.5, pinned, scale 0.7), 3
        // (−0.5, 0.9) and 4 (0.5); 5 (p = 1.5) lies off screen, a page to the right. Cards 0 and 1
        // (scales 0.3 and 0.5) lie wholly under card 2, the same centre; at 11.5 pages of 12 cards,
        // card 9 (p = −2.5) is left out as well, not cards 0…5 with scales of 0 and below.
        let gallery = Gallery(style: .page(PageLayout(animator: .page)), viewport: Self.viewport, itemCount: 6)
        #expect(try gallery.frame(atOffset: 3.5 * 390).items.map(\.index) == [2, 3, 4])
        let twelve = Gallery(style: .page(PageLayout(animator: .page)), viewport: Self.viewport, itemCount: 12)
        #expect(try twelve.frame(atOffset: 11 * 390).items.map(\.index) == [10, 11])
        #expect(try twelve.frame(atOffset: 10.5 * 390).items.map(\.index) == [9, 10, 11])
    }

    @Test func anInsetCardIsThePageInsetOnEverySide() {
        let item = PageLayout(animator: .zoomInOut, pageInset: 20).item(1, viewport: Self.viewport, offset: 390)
        #expect(item.bounds == Size(width: 350, height: 804) && item.center == Point(x: 195, y: 422))
    }

    /// Progress in each source's own arithmetic, to the last bit (found by review: (i·W − offset)/W
    /// was a bit off at half of all offsets): AnimatedCollectionViewLayout's middleOffset is
    /// itemOffset/distance − 0.5, CollectionViewPagingLayout's progress pageIndex − offset/max(W, 1).
    @Test func progressIsEachSourcesOwnArithmetic() {
        let viewport = Size(width: 375, height: 667)
        let animator = PageLayout(animator: .cube).item(1, viewport: viewport, offset: 100)
        #expect(animator.progress == (562.5 - 100) / 375 - 0.5)
        #expect(animator.progress == 0.7333333333333334)
        let scale = PageLayout(.scale(.default)).item(1, viewport: viewport, offset: 100)
        #expect(scale.progress == 1 - 100 / 375.0)
        #expect(scale.progress == 0.7333333333333334)
    }
}
