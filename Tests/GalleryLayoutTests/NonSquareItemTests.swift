import GalleryLayout
import Testing

/// `--item-size WxH` for the line and the flow (the contract's "Non-square items"): the line's formulas
/// use W along the scroll axis (pitch W + L, insets (viewport − W)/2), items centred vertically, the
/// scale multiplying both sides; the flow fits its columns by W and spaces its rows by H. Every number
/// is worked out by hand in the comments.
@Suite struct NonSquareItemTests {
    static let card = LineLayout(itemSize: 160, itemHeight: 90)

    @Test func theLineUsesTheWidthAlongItsAxis() throws {
        // W = 375, S = 160, L = 0.7·160 = 112, pitch 272. Offset 120: item 0 at x = 187.5 − 120 = 67.5,
        // d = 120, scale 1 + 0.6·(30/150) = 1.12; item 1 at 67.5 + 272 = 339.5, d = 152, scale
        // 1 + 0.6·(−2/150) = 0.992; item 2 at 611.5 is out of view (its drawn half-width is < 124).
        let gallery = Gallery(style: .line(Self.card), viewport: Size(width: 375, height: 200), itemCount: 20)
        let frame = try gallery.frame(atOffset: 120)
        #expect(frame.items.map(\.index) == [1, 0])
        let (one, zero) = (frame.items[0], frame.items[1])
        #expect(zero.center == Point(x: 67.5, y: 100) && one.center == Point(x: 339.5, y: 100))
        #expect(abs(zero.scale - 1.12) < 1e-12 && abs(one.scale - 0.992) < 1e-12)
        #expect(zero.size == 160 * zero.scale && one.size == 160 * one.scale)
        #expect(zero.bounds == Size(width: 160, height: 90) && zero.transform == nil)
        #expect(abs(zero.drawnHeight - 90 * 1.12) < 1e-12)
        // Content (375 − 160) + 20·160 + 19·112 = 5543 wide.
        #expect(gallery.contentSize == Size(width: 5543, height: 200))
    }

    @Test func aSquareGivenAsWidthAndHeightIsTheSquare() throws {
        let viewport = Size(width: 375, height: 200)
        let square = Gallery(style: .line(LineLayout(itemSize: 120)), viewport: viewport, itemCount: 9)
        let both = Gallery(
            style: .line(LineLayout(itemSize: 120, itemHeight: 120)), viewport: viewport, itemCount: 9)
        #expect(try square.frame(atOffset: 100) == both.frame(atOffset: 100))
    }

    @Test func theLargestSideSizesDecodesByTheLongerSide() {
        // max(160, 90)·(1 + 0.6) = 256; a tall 90 × 160 card the same.
        let viewport = Size(width: 375, height: 200)
        #expect(Gallery(style: .line(Self.card), viewport: viewport, itemCount: 3).largestItemSide == 256)
        let tall = LineLayout(itemSize: 90, itemHeight: 160)
        #expect(Gallery(style: .line(tall), viewport: viewport, itemCount: 3).largestItemSide == 256)
    }

    @Test func theFlowFitsColumnsByWidthAndRowsByHeight() throws {
        // S = 100, H = 60, I = R = 10, W = 375: C = ⌊385/110⌋ = 3, g = (375 − 300)/2 = 37.5. Item 4: row 1,
        // column 1: origin (137.5, 70), centre (187.5, 100). 20 items: 7 rows, 7·60 + 6·10 = 480 high.
        let flow = FlowLayout(itemSize: 100, itemHeight: 60)
        let gallery = Gallery(style: .flow(flow), viewport: Size(width: 375, height: 300), itemCount: 20)
        let frame = try gallery.frame(atOffset: 0)
        let four = try #require(frame.items.first { $0.index == 4 })
        #expect(four.center == Point(x: 187.5, y: 100))
        #expect(four.size == 100 && four.scale == 1 && four.bounds == Size(width: 100, height: 60))
        #expect(gallery.contentSize == Size(width: 375, height: 480))
        // Rows 0…4 reach y < 300 (row 4's top at 280); row 5's top is at 350.
        #expect(frame.items.map(\.index) == Array(0..<15))
        // Item 7 (row 2) centred: 2·70 + 30 − 150 = 20.
        #expect(gallery.centringOffset(ofItem: 7) == 20)
    }

    @Test func aTransitionTweensBothSides() throws {
        // Line 160 × 90 at offset 0 → the flow's default 50 × 50 cells; at t = duration/2 the eased
        // progress is B(0.5) = 0.5, so item 0's bounds are (105, 70) and its drawn width 105·z, z the mix
        // of 1.6 and 1.
        let viewport = Size(width: 375, height: 300)
        let line = Gallery(style: .line(Self.card), viewport: viewport, itemCount: 6)
        let flow = Gallery(style: .flow(FlowLayout()), viewport: viewport, itemCount: 6)
        let transition = try LayoutTransition(from: line, frame: line.frame(atOffset: 0), to: flow, duration: 0.4)
        let middle = try #require(transition.items(at: 0.2).first { $0.item.index == 0 }?.item)
        let z = 1.6 + (1 - 1.6) * 0.5
        #expect(abs(middle.scale - z) < 1e-9)
        let bounds = try #require(middle.bounds)
        #expect(abs(bounds.width - 105) < 1e-9 && abs(bounds.height - 70) < 1e-9)
        #expect(abs(middle.size - 105 * z) < 1e-9)
        // The ends are the layouts' own frames: square cells carry no bounds.
        let end = try #require(transition.items(at: 0.4).first { $0.item.index == 0 }?.item)
        #expect(end.bounds == nil && end.size == 50)
    }
}
