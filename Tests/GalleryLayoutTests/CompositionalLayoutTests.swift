import CCPU
import GalleryLayout
import Testing

/// `--layout compositional` (the contract's "Orthogonal sections"): groups of one item a pitch apart,
/// the centred behaviour's insets, the invalidation-scale recipe and where each behaviour rests, each
/// against the contract's arithmetic written out here.
@Suite struct CompositionalLayoutTests {
    static let viewport = Size(width: 390, height: 300)

    static func gallery(_ section: CompositionalLayout, count: Int = 20) -> Gallery {
        Gallery(style: .compositional(section), viewport: viewport, itemCount: count)
    }

    @Test func groupsAreAPitchApartFromTheLeadingInset() throws {
        // Fraction 0.8 of 390 − 16 − 16 = 358: w = 286.4, pitch 296.4; item 2's centre at
        // 16 + 2·296.4 + 143.2 − 100 at offset 100; centred vertically in 300 − 10 − 20 from 10.
        let section = CompositionalLayout(insets: .init(top: 10, leading: 16, bottom: 20, trailing: 16))
        let item = section.item(2, viewport: Self.viewport, offset: 100)
        #expect(abs(item.center.x - (16 + 2 * 296.4 + 143.2 - 100)) < 1e-9)
        #expect(item.center.y == 10 + 270.0 / 2 && item.scale == 1)
        #expect(abs((item.bounds?.width ?? 0) - 286.4) < 1e-9 && item.bounds?.height == 270)
        // Content 16 + 20·286.4 + 19·10 + 16.
        #expect(abs(Self.gallery(section).contentSize.width - (16 + 20 * 286.4 + 190 + 16)) < 1e-9)
    }

    @Test func groupPagingCenteredRestsEachGroupCentred() {
        // w = 312, lead (390 − 312)/2 = 39: item k is centred at offset k·322.
        let section = CompositionalLayout(scrolling: .groupPagingCentered)
        #expect(section.lead(in: Self.viewport) == 39)
        #expect(section.item(3, viewport: Self.viewport, offset: 3 * 322).center.x == 195)
        #expect(Self.gallery(section).contentSize.width == 6508)  // 39 + 20·312 + 19·10 + 39
    }

    @Test func theInvalidationScaleShrinksByDistance() {
        // d = 161 at offset 0 for item 0 with lead 0 (w = 312: centre 156, viewport centre 195 → d = 39):
        // clamp(1 − 39/390, 0.8, 1) = 0.9.
        let section = CompositionalLayout(invalidationScale: 0.8...1)
        let item = section.item(0, viewport: Self.viewport, offset: 0)
        #expect(abs(item.scale - 0.9) < 1e-12 && abs(item.size - 312 * 0.9) < 1e-9)
    }

    @Test func aScaledUpItemIsDrawnFromEitherSide() {
        // Items 120 wide, spacing 0, scale clamp(1 − d/390, 4, 5) = 4 for every item here: item k
        // is centred at 120k + 60 − 105 and drawn 480 wide, so it reaches 240 either side. Items 0…5
        // overlap 0…390 (item 5: 555 ± 240, from 315); item 6 (675 ± 240, from 435) does not.
        let section = CompositionalLayout(
            itemWidth: 120, itemHeight: 120, spacing: 0, invalidationScale: 4...5)
        let items = section.items(count: 10, viewport: Self.viewport, offset: 105)
        #expect(items.map(\.index) == Array(0...5))
        #expect(items.allSatisfy { $0.scale == 4 })
    }

    @Test func groupPagingMovesOneGroupPerFastFlick() {
        let section = CompositionalLayout(scrolling: .groupPaging)
        let range = 0.0...5000
        // pitch 322. Fast (> 200 pt/s): from round(400/322) = 1, one group on: 644.
        #expect(section.groupTarget(from: 400, velocity: 900, viewport: Self.viewport, range: range) == 644)
        #expect(section.groupTarget(from: 400, velocity: -900, viewport: Self.viewport, range: range) == 0)
        // Slow: the multiple nearest 400 + (150/1000)·0.99/0.01 = 414.85 → 322.
        #expect(section.groupTarget(from: 400, velocity: 150, viewport: Self.viewport, range: range) == 322)
    }

    @Test func leadingBoundaryMovesTheFreeEndToAGroupEdge() throws {
        // The free flight from 100 at 1000 pt/s ends at 100 + (1000 − 10)/λ, λ = −1000·ln 0.998; then the
        // nearest multiple of 322.
        let section = CompositionalLayout(scrolling: .continuousGroupLeadingBoundary)
        let gallery = Self.gallery(section)
        let lambda = -1000 * gr_log(0.998)
        let end = 100 + 990 / lambda
        let expected = (end / 322).rounded() * 322
        guard case .fling(let fling) = gallery.release(at: 100, velocity: 1000, rule: .free(.normal)) else {
            Issue.record("a fling")
            return
        }
        #expect(fling.end == expected)
    }

    @Test func pagingUsesThePagingSpring() {
        let gallery = Self.gallery(CompositionalLayout(scrolling: .paging))
        guard case .paging(let spring) = gallery.release(at: 100, velocity: 500, rule: .free(.normal)) else {
            Issue.record("the paging spring")
            return
        }
        #expect(spring.target == 390)
    }
}
