import GalleryLayout
import Testing

/// The layout transition against the contract, worked out by hand: line (375 × 200, 20 items) at
/// offset 120 shows items 2, 0, 1; item 1 (centre 237.5, 50 from the viewport's centre) is nearest.
@Suite struct LayoutTransitionTests {
    let viewport = Size(width: 375, height: 200)

    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 }

    @Test func theEasingIsCSSEaseInOut() {
        #expect(EaseInOut.progress(0) == 0 && EaseInOut.progress(1) == 1)
        // Symmetric: x(½) = 3·¼·½·0.42 + 3·½·¼·0.58 + ⅛ = ½ and y(½) = ¾ − ¼ = ½.
        #expect(close(EaseInOut.progress(0.5), 0.5))
        #expect(close(EaseInOut.progress(0.25) + EaseInOut.progress(0.75), 1))
        // At u = 0.2: x = 3·0.64·0.2·0.42 + 3·0.8·0.04·0.58 + 0.008 = 0.224960, y = 0.12 − 0.016 = 0.104.
        #expect(close(EaseInOut.progress(0.22496), 0.104))
    }

    @Test func lineToFlowCentresTheNearestItemAndFadesTheOthersIn() throws {
        let line = Gallery(style: .line(LineLayout()), viewport: viewport, itemCount: 20)
        let flow = Gallery(style: .flow(FlowLayout()), viewport: viewport, itemCount: 20)
        let transition = try LayoutTransition(from: line, frame: line.frame(atOffset: 120), to: flow, duration: 0.3)
        // Item 1 is row 0 of the flow: centring it needs 0·60 + 25 − 100 = −75, clamped into 0…30.
        #expect(transition.endFrame.offset == 0)
        // Start: items 2, 0, 1; end: all 20 (4 rows of 6 columns, row 3 from y 180 to 230).
        let start = transition.items(at: 0)
        #expect(start.filter { $0.alpha == 1 }.map(\.item.index) == [2, 0, 1])
        #expect(start.count == 20)
        // Half-way in time is half-way in progress: item 1 from (237.5, 100), 140 pt to (90, 25), 50 pt.
        let middle = transition.items(at: 0.15)
        let one = try #require(middle.first { $0.item.index == 1 })
        #expect(close(one.item.center.x, 163.75) && close(one.item.center.y, 62.5) && close(one.item.size, 95))
        #expect(one.alpha == 1)
        // Item 5 was not visible: it stays at its end place (350, 25) and fades in.
        let five = try #require(middle.first { $0.item.index == 5 })
        #expect(five.item.center == Point(x: 350, y: 25) && close(five.alpha, 0.5))
        // The end is the flow's frame exactly, every item opaque; draw order by side, then index.
        let end = transition.items(at: 0.3)
        #expect(end.allSatisfy { $0.alpha == 1 && $0.item.size == 50 })
        #expect(end.map(\.item) == transition.endFrame.items.sorted { $0.index < $1.index })
    }

    @Test func flowToLineFadesOutWhatTheLineDoesNotShow() throws {
        let flow = Gallery(style: .flow(FlowLayout()), viewport: viewport, itemCount: 20)
        let line = Gallery(style: .line(LineLayout()), viewport: viewport, itemCount: 20)
        let transition = try LayoutTransition(from: flow, frame: flow.frame(atOffset: 0), to: line, duration: 0.3)
        // Nearest the centre (187.5, 100): item 8 at (155, 85), 35.5 away (item 9 at (220, 85) ties:
        // the lower index). The line centres it at 8·170 = 1360.
        #expect(transition.endFrame.offset == 1360)
        let end = transition.items(at: 0.3)
        // Items the line does not show end where they started, transparent.
        let gone = try #require(end.first { $0.item.index == 0 })
        #expect(gone.alpha == 0 && gone.item.center == Point(x: 25, y: 25))
        #expect(
            end.filter { $0.alpha == 1 }.map(\.item.index).sorted() == transition.endFrame.items.map(\.index).sorted())
    }
}
