import Foundation
import GalleryLayout
import Raster
import RenderPipeline
import TestSupport
import Testing

/// A frame whose items do not fit the budget is painted in strips and chunks, with the same bytes.
@Suite struct FramePassesTests {
    @Test func itemsWithinTheBudgetArePaintedInOnePass() {
        // 100 × 100 and 50 × 20 pixels: 11,000 pixels × 16 bytes = 176,000 bytes.
        let passes = FramePasses(
            bounds: [(0..<100, 0..<100), (10..<60, 5..<25)], width: 200, height: 100, budget: 176_000)
        #expect(passes.strips.count == 1)
        #expect(passes.strips[0].rows == 0..<100)
        #expect(passes.strips[0].chunks == [[0, 1]])
        #expect(passes.peakBytes == 176_000)
        let over = FramePasses(
            bounds: [(0..<100, 0..<100), (10..<60, 5..<25)], width: 200, height: 100, budget: 175_999)
        #expect(over.strips.count > 1)
    }

    @Test func overTheBudgetTheFrameIsCutIntoStripsAndChunks() {
        let bounds: [(x: Range<Int>, y: Range<Int>)] = [(0..<200, 0..<12), (0..<200, 0..<12), (0..<200, 3..<12)]
        // 86,400 bytes in all. Budget 64,000: strips of 64,000 / 4 / (200 × 16) = 5 rows; an item's
        // 5 rows are 16,000 bytes, so a strip's items fit one chunk, and item 2 starts at row 3.
        let passes = FramePasses(bounds: bounds, width: 200, height: 12, budget: 64_000)
        #expect(passes.strips.map(\.rows) == [0..<5, 5..<10, 10..<12])
        #expect(passes.strips.map(\.chunks) == [[[0, 1, 2]], [[0, 1, 2]], [[0, 1, 2]]])
        // Strip 1 holds the most: 3 × 16,000 bytes, and no canvas (one chunk).
        #expect(passes.peakBytes == 48_000)
        // Budget 20,000: strips of 20,000 / 4 / 3,200 = 1 row, 3,200 bytes an item: all in one chunk,
        // except that row 0..<3 have no item 2.
        let rows = FramePasses(bounds: bounds, width: 200, height: 12, budget: 20_000)
        #expect(rows.strips.count == 12)
        #expect(rows.strips[0].chunks == [[0, 1]])
        #expect(rows.strips[3].chunks == [[0, 1, 2]])
        #expect(rows.peakBytes == 9_600)
        // Budget 6,000: still 1-row strips (at least one row), but one item per chunk, and the
        // 3,200-byte canvas of the strip on top.
        let one = FramePasses(bounds: bounds, width: 200, height: 12, budget: 6_000)
        #expect(one.strips[0].chunks == [[0], [1]])
        #expect(one.strips[11].chunks == [[0], [1], [2]])
        #expect(one.peakBytes == 3_200 + 3_200)
    }

    @Test func chunksHoldAtMost16384Items() {
        // 20,000 one-pixel items: 320,000 bytes, well within the budget, but more items than a chunk
        // takes: chunks of 16,384 and 3,616, in one strip (no pixels forced a cut).
        let bounds: [(x: Range<Int>, y: Range<Int>)] = (0..<20_000).map { i in
            (i % 200..<i % 200 + 1, i / 200..<i / 200 + 1)
        }
        let passes = FramePasses(bounds: bounds, width: 200, height: 100)
        #expect(passes.strips.map(\.chunks.count) == [2])
        #expect(passes.strips[0].chunks.map(\.count) == [16_384, 3_616])
    }

    @Test func aFramePaintedInStripsAndChunksHasTheSameBytes() throws {
        let scene = Scene(
            gallery: Gallery(style: .line(LineLayout()), viewport: Size(width: 375, height: 200), itemCount: 12),
            displayScale: 2, photos: RendererTests.fixtures)
        let whole = try FrameRenderer(scene: scene).render(offset: 120, jobs: 2).image
        // 4 KiB: strips of one row, about one item per chunk.
        for budget in [4 << 10, 200 << 10] {
            let strips = try FrameRenderer(scene: scene, budget: budget).render(offset: 120, jobs: 2).image
            #expect(strips == whole, "budget \(budget)")
        }
    }
}

/// The page control's current page follows the item nearest the centre in every frame.
@Suite struct PageControlPlanTests {
    @Test func theCurrentPageIsTheItemNearestTheCentre() throws {
        var scene = Scene(
            gallery: Gallery(
                style: .page(PageLayout(.scale(.coverFlow))), viewport: Size(width: 300, height: 400), itemCount: 20))
        scene.pageControl = PageControl.Style()
        // Offset 4.43 pages: item 4 at p = −0.43, item 5 at 0.57.
        #expect(try FramePlan(scene: scene, offset: 1330).pageControl?.current == 4)
        #expect(try FramePlan(scene: scene, offset: 1360).pageControl?.current == 5)
        scene.gallery = Gallery(style: .line(LineLayout()), viewport: Size(width: 375, height: 200), itemCount: 20)
        #expect(try FramePlan(scene: scene, offset: 700).pageControl?.current == 4)
        // Far past the end, nothing drawn: the last page, not the first.
        scene.gallery.allowsOverscroll = true
        #expect(try FramePlan(scene: scene, offset: 9000).pageControl?.current == 19)
        // Snap-in's progress is its endOffset (p − 1): the card filling the screen is still current.
        scene.gallery = Gallery(
            style: .page(PageLayout(animator: .snapIn)), viewport: Size(width: 375, height: 667), itemCount: 20)
        #expect(try FramePlan(scene: scene, offset: 110).pageControl?.current == 0)
        #expect(try FramePlan(scene: scene, offset: 200).pageControl?.current == 1)
        scene.pageControl = nil
        #expect(try FramePlan(scene: scene, offset: 700).pageControl == nil)
    }

    @Test func aDeletionEndsOnTheEndsPage() throws {
        // Deleting item 0 of 5: n dots until the end, then 4, the current page counted without it
        // (found by review: the end kept the original index, one dot too far or off the end).
        var scene = Scene(
            gallery: Gallery(style: .line(LineLayout()), viewport: Size(width: 375, height: 200), itemCount: 5))
        scene.pageControl = PageControl.Style()
        for offset in [0.0, 170, 510] {
            let plans = try MotionPlan(.delete(item: 0), of: scene, offset: offset, fps: 10).plans
            let last = try #require(plans.last)
            var end = scene
            end.gallery.itemCount = 4
            let still = try FramePlan(scene: end, offset: last.layout.offset)
            #expect(plans.first?.pageControl?.pages == 5)
            #expect(last.pageControl == still.pageControl, "offset \(offset)")
        }
    }
}
