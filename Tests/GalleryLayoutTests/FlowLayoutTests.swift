@testable import GalleryLayout
import Testing

/// UICollectionViewFlowLayout's defaults (S = 50, I = 10, R = 10): C = max(1, ⌊(W + 10)/60⌋), then the
/// grid's formulas with that C.
@Suite struct FlowLayoutTests {
    @Test(arguments: [
        // W: (W + 10)/60 → C, worked out by hand.
        (320.0, 5),  // 5.5
        (375.0, 6),  // 6.416…
        (414.0, 7),  // 7.066…
        (393.0, 6),  // 6.716…
        (430.0, 7),  // 7.333…
        (768.0, 12),  // 12.966…
        (1024.0, 17),  // 17.233…
    ])
    func columnCountsAtTheSevenDeviceWidths(width: Double, columns: Int) {
        #expect(FlowLayout().columns(inWidth: width) == columns)
        let device = DevicePreset.all.first { $0.size.width == width }
        #expect(device != nil, "a preset \(width) wide")
    }

    @Test func width375HasSixJustifiedColumns() throws {
        // C = 6, g = (375 − 6·50)/5 = 15: origins 0, 65, 130, 195, 260, 325; rows 60 apart.
        let gallery = Gallery(style: .flow(FlowLayout()), viewport: Size(width: 375, height: 667), itemCount: 8)
        let frame = try gallery.frame(atOffset: 0)
        #expect(frame.items.map(\.center.x) == [25, 90, 155, 220, 285, 350, 25, 90])
        #expect(frame.items.map(\.center.y) == [25, 25, 25, 25, 25, 25, 85, 85])
        #expect(frame.items.allSatisfy { $0.size == 50 && $0.scale == 1 })
        // Two rows: 2·50 + 10 = 110 high, so nothing to scroll in 667.
        #expect(gallery.contentSize == Size(width: 375, height: 110))
        #expect(gallery.scrollableRange == 0...0)
    }

    @Test func aCellWiderThanTwoOfThemIsOneCentredColumn() throws {
        // (100 + 10)/(80 + 10) = 1.2 → C = 1, centred: origin (100 − 80)/2 = 10, centre 50.
        let gallery = Gallery(
            style: .flow(FlowLayout(itemSize: 80)), viewport: Size(width: 100, height: 300), itemCount: 3)
        let frame = try gallery.frame(atOffset: 0)
        #expect(frame.items.map(\.center.x) == [50, 50, 50])
        #expect(frame.items.map(\.center.y) == [40, 130, 220])
    }

    @Test func aCellWiderThanTheViewportIsOneCentredColumnOverflowingBothEdges() throws {
        // The contract's C = max(1, ⌊(100 + 10)/(120 + 10)⌋) = 1: origin (100 − 120)/2 = −10, centre 50.
        let gallery = Gallery(
            style: .flow(FlowLayout(itemSize: 120)), viewport: Size(width: 100, height: 300), itemCount: 3)
        let frame = try gallery.frame(atOffset: 0)
        #expect(frame.items.map(\.center.x) == [50, 50, 50])
        #expect(frame.items.map(\.center.y) == [60, 190, 320])
        // More than one column must still fit: a grid of 2 columns of 60 in 100 is refused.
        let grid = Gallery(
            style: .grid(GridLayout(columns: 2, itemSize: 60)), viewport: Size(width: 100, height: 300), itemCount: 3)
        #expect(throws: LayoutError.cellsTooWide(columns: 2, side: 60, viewportWidth: 100)) { try grid.validate() }
    }
}
