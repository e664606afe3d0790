@testable import GalleryLayout
import Testing

@Suite struct LargestItemTests {
    @Test func largestSideIsTheCentredItemOrTheCell() {
        #expect(
            Gallery(style: .line(LineLayout()), viewport: Size(width: 375, height: 200), itemCount: 3).largestItemSide
                == 160)
        #expect(
            Gallery(style: .line(LineLayout(minScale: 2)), viewport: Size(width: 375, height: 200), itemCount: 3)
                .largestItemSide == 200)
        #expect(
            Gallery(style: .grid(GridLayout()), viewport: Size(width: 375, height: 667), itemCount: 3).largestItemSide
                == 117)
    }
}
