import GalleryLayout
import Testing

@Suite struct GridLayoutTests {
    let viewport = Size(width: 375, height: 667)

    @Test func width375GivesSide117Gap12Pitch127() {
        let grid = GridLayout()
        #expect(grid.side(in: viewport) == 117)
        #expect(grid.columnGap(in: viewport) == 12)
        #expect(grid.rowPitch(in: viewport) == 127)
    }

    @Test func itemsSitOnJustifiedColumns() throws {
        let gallery = Gallery(style: .grid(GridLayout()), viewport: viewport, itemCount: 20)
        #expect(gallery.contentSize.height == 7 * 117 + 6 * 10)
        let frame = try gallery.frame(atOffset: 0)
        // 667/127 = 5.25 rows: rows 0–5 overlap the viewport.
        #expect(frame.items.map(\.index) == Array(0..<18))
        #expect(frame.items[0].center == Point(x: 58.5, y: 58.5))
        #expect(frame.items[1].center == Point(x: 58.5 + 129, y: 58.5))
        #expect(frame.items[5].center == Point(x: 58.5 + 258, y: 58.5 + 127))
        #expect(frame.items.allSatisfy { $0.scale == 1 && $0.size == 117 })
    }

    @Test func lastRowUsesTheSameColumns() throws {
        let gallery = Gallery(style: .grid(GridLayout()), viewport: viewport, itemCount: 7)
        let last = try #require(try gallery.frame(atOffset: 0).items.last)
        #expect(last.index == 6)
        #expect(last.center.x == 58.5)
    }

    @Test func scrollingMovesRowsAndClamps() throws {
        let gallery = Gallery(style: .grid(GridLayout()), viewport: viewport, itemCount: 60)
        // 20 rows: 20·117 + 19·10 = 2530 high, scrollable to 1863.
        #expect(gallery.scrollableRange == 0...1863)
        let frame = try gallery.frame(atOffset: 127 * 3 + 50)
        #expect(frame.items.first?.index == 9)  // row 3, partly scrolled out
        #expect(frame.items.first?.center.y == 58.5 - 50)
        #expect(try gallery.frame(atOffset: 5000).offset == 1863)
    }

    @Test func oneColumnIsCentred() throws {
        let gallery = Gallery(style: .grid(GridLayout(columns: 1, itemSize: 100)), viewport: viewport, itemCount: 2)
        #expect(try gallery.frame(atOffset: 0).items.map(\.center.x) == [187.5, 187.5])
    }

    @Test(arguments: DevicePreset.all)
    func rotationRecomputesEverySize(device: DevicePreset) throws {
        for landscape in [false, true] {
            let screen = device.screen(landscape: landscape)
            let gallery = Gallery(style: .grid(GridLayout()), viewport: screen, itemCount: 30)
            let frame = try gallery.frame(atOffset: 0)
            let side = screen.width / 3 - 8
            #expect(frame.items.allSatisfy { $0.size == side && $0.cornerRadiusOfCircle == side / 2 })
        }
        #expect(device.screen(landscape: true) == device.screen(landscape: false).transposed)
    }
}

extension DevicePreset: CustomTestStringConvertible {
    public var testDescription: String { name }
}
