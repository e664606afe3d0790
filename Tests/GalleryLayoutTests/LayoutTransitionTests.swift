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
        // Half-way in time is half-way in progress: item 1 from (237.5, 100), side 100 at scale 1.4, to
        // (90, 25), side 50 at scale 1: drawn lerp(100, 50, ½)·lerp(1.4, 1, ½) = 75·1.2 = 90 pt.
        let middle = transition.items(at: 0.15)
        let one = try #require(middle.first { $0.item.index == 1 })
        #expect(close(one.item.center.x, 163.75) && close(one.item.center.y, 62.5) && close(one.item.size, 90))
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

    // The grid's defaults in 375 wide: 3 columns of 375/3 − 8 = 117 pt, column gap (375 − 351)/2 = 12,
    // rows 127 apart; centres x = 58.5, 187.5, 316.5 and y = 127·row + 58.5 − offset. 20 items make
    // 7 rows, 7·117 + 6·10 = 879 high, so offsets run 0…679. The flow: 6 columns of 50 with gaps of
    // (375 − 300)/5 = 15, rows 60 apart; centres x = 25 + 65·col, y = 60·row + 25 − offset; 4 rows,
    // 230 high, offsets 0…30. The line: item i's centre x = 187.5 + 170·i − offset, its side
    // 100·(1 + 0.6·(150 − d)/150) at d from the centre: 160 at 0, 92 at 170.
    func gallery(_ style: LayoutStyle) -> Gallery { Gallery(style: style, viewport: viewport, itemCount: 20) }

    @Test func lineToGridAndBack() throws {
        let line = gallery(.line(LineLayout())), grid = gallery(.grid(GridLayout()))
        // Line at 120: item 1 is nearest; the grid centres row 0 at 58.5 − 100 = −41.5, clamped to 0.
        let there = try LayoutTransition(from: line, frame: line.frame(atOffset: 120), to: grid, duration: 0.3)
        #expect(there.endFrame.offset == 0)
        let four = try #require(there.items(at: 0.3).first { $0.item.index == 4 })
        #expect(four.item.center == Point(x: 187.5, y: 185.5) && four.item.size == 117 && four.alpha == 1)
        // Grid at 0: item 1 at (187.5, 58.5) is 41.5 from the centre, item 4 85.5; the line centres
        // item 1 at 170.
        let back = try LayoutTransition(from: grid, frame: grid.frame(atOffset: 0), to: line, duration: 0.3)
        #expect(back.endFrame.offset == 170)
        let one = try #require(back.items(at: 0.3).first { $0.item.index == 1 })
        #expect(one.item.center == Point(x: 187.5, y: 100) && close(one.item.size, 160))
    }

    @Test func gridToFlowAndBack() throws {
        let grid = gallery(.grid(GridLayout())), flow = gallery(.flow(FlowLayout()))
        // Grid at 300: row 3's centre is at 381 + 58.5 − 300 = 139.5 (39.5 from 100), row 2's at 12.5;
        // item 3·3 + 1 = 10 is nearest. The flow's item 10 is row 1: 60 + 25 − 100 = −15, clamped to 0.
        let there = try LayoutTransition(from: grid, frame: grid.frame(atOffset: 300), to: flow, duration: 0.3)
        #expect(there.endFrame.offset == 0)
        // Item 10 half-way: from (187.5, 139.5), 117 pt to (285, 85), 50 pt.
        let ten = try #require(there.items(at: 0.15).first { $0.item.index == 10 })
        #expect(close(ten.item.center.x, 236.25) && close(ten.item.center.y, 112.25) && close(ten.item.size, 83.5))
        // Flow at 30: row 2's centre is at 115 (15 from 100); columns 2 and 3 are at 155 and 220, both
        // 32.5 from 187.5: the tie goes to item 14. The grid centres its row 4 at 508 + 58.5 − 100.
        let back = try LayoutTransition(from: flow, frame: flow.frame(atOffset: 30), to: grid, duration: 0.3)
        #expect(back.endFrame.offset == 466.5)
    }

    @Test func anchorTiesAsTypedGoToTheLowerIndex() throws {
        // Flow 384 wide: C = ⌊394/60⌋ = 6, column gap (384 − 300)/5 = 16.8, centres x = 25 + 66.8·col;
        // 400 high, rows 60 apart: row 3's centre y = 205 is nearest 200. Columns 2 and 3 are at 158.6
        // and 225.4, both 33.4 from 192: items 20 and 21 tie, so item 20, which the line centres at
        // 20·170 = 3400.
        let tall = Size(width: 384, height: 400)
        let flow = Gallery(style: .flow(FlowLayout()), viewport: tall, itemCount: 40)
        let line = Gallery(style: .line(LineLayout()), viewport: tall, itemCount: 40)
        let toLine = try LayoutTransition(from: flow, frame: flow.frame(atOffset: 0), to: line, duration: 0.3)
        #expect(toLine.endFrame.offset == 3400)
        // A line with L = 61.7 at 404.25 = 2.5 × 161.7: items 2 and 3 are 80.85 from the centre, so
        // item 2, which the default line centres at 340 (not item 3 at 510).
        let spaced = gallery(.line(LineLayout(itemSize: 100, spacing: 61.7)))
        let back = try LayoutTransition(
            from: spaced, frame: spaced.frame(atOffset: 404.25), to: gallery(.line(LineLayout())), duration: 0.3)
        #expect(back.endFrame.offset == 340)
    }

    @Test func deletingTheFirstItemMovesTheNextOneToTheCentre() throws {
        let line = gallery(.line(LineLayout()))
        let deletion = try LayoutTransition(deleting: 0, from: line, frame: line.frame(atOffset: 0), duration: 0.3)
        // Start: items 0 (centre, 160 pt) and 1 (357.5, 92 pt); end: items 1 and 2 in 0's and 1's places.
        #expect(deletion.endFrame.offset == 0 && deletion.endFrame.items.map(\.index).sorted() == [0, 1])
        let middle = deletion.items(at: 0.15)
        // Sides 58 (item 2, sliding in from 527.5 at scale 0.24 to 357.5 at 0.92: 100·0.58), 126 (item 1,
        // half-way from 92 to 160) and 160 (item 0).
        #expect(middle.map(\.item.index) == [2, 1, 0])
        let zero = try #require(middle.first { $0.item.index == 0 })
        #expect(zero.item.center == Point(x: 187.5, y: 100) && close(zero.item.size, 160) && close(zero.alpha, 0.5))
        let one = try #require(middle.first { $0.item.index == 1 })
        #expect(close(one.item.center.x, 272.5) && close(one.item.size, 126) && one.alpha == 1)
        let two = try #require(middle.first { $0.item.index == 2 })
        #expect(two.item.center == Point(x: 442.5, y: 100) && close(two.item.size, 58) && two.alpha == 1)
        let end = deletion.items(at: 0.3)
        #expect(end.first { $0.item.index == 0 }?.alpha == 0)
        #expect(end.first { $0.item.index == 1 }?.item.center == Point(x: 187.5, y: 100))
    }

    @Test func deletingAMiddleItemClosesTheGap() throws {
        let line = gallery(.line(LineLayout()))
        // At 850 item 5 is centred; items 4 and 6 are at 17.5 and 357.5.
        let deletion = try LayoutTransition(deleting: 5, from: line, frame: line.frame(atOffset: 850), duration: 0.3)
        #expect(deletion.endFrame.offset == 850)
        let end = deletion.items(at: 0.3)
        let state = Dictionary(uniqueKeysWithValues: end.map { ($0.item.index, $0) })
        #expect(state[5]?.alpha == 0 && state[5]?.item.center == Point(x: 187.5, y: 100))
        #expect(state[4]?.item.center.x == 17.5 && state[4]?.alpha == 1)
        #expect(state[6]?.item.center.x == 187.5 && state[6]?.alpha == 1)
        #expect(state[7]?.item.center.x == 357.5 && state[7]?.alpha == 1)
        // Item 7 was off screen (527.5, scale 0.24): it slides in, opaque, rather than fading in place.
        let seven = deletion.items(at: 0).first { $0.item.index == 7 }
        #expect(seven?.alpha == 1 && seven?.item.center.x == 527.5)
    }

    @Test func deletingTheLastItemClampsTheOffset() throws {
        let line = gallery(.line(LineLayout()))
        // At the end, 19·170 = 3230, item 19 is centred; without it the range ends at 18·170 = 3060.
        let deletion = try LayoutTransition(deleting: 19, from: line, frame: line.frame(atOffset: 3230), duration: 0.3)
        #expect(deletion.endFrame.offset == 3060)
        let end = Dictionary(uniqueKeysWithValues: deletion.items(at: 0.3).map { ($0.item.index, $0) })
        #expect(end[19]?.alpha == 0 && end[19]?.item.center.x == 187.5)
        #expect(end[18]?.item.center.x == 187.5 && end[18]?.alpha == 1)
        #expect(end[17]?.item.center.x == 17.5 && end[17]?.alpha == 1)
        #expect(deletion.items(at: 0)[0].item.index == 17)
        #expect(throws: LayoutError.noSuchItem(20, count: 20)) {
            try LayoutTransition(deleting: 20, from: line, frame: line.frame(atOffset: 0), duration: 0.3)
        }
    }
}
