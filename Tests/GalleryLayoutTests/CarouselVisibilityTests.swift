import Foundation
import GalleryLayout
import Testing

/// Which items iCarousel loads and draws, and in which order: research/icarousel.md §5 and §9.4
/// (n = 10, w = 200, viewport 375 × 667, s = 0.3, i.e. offset 60 pt), each number re-derived in a comment.
@Suite struct CarouselVisibilityTests {
    let viewport = Size(width: 375, height: 667)

    /// The loaded items at `s`, sorted by `compareViewDepth`, before the viewport test.
    func depthOrder(_ layout: CarouselLayout, s: Double, count: Int = 10) -> [Int] {
        let items = layout.loadedIndices(scrollOffset: s, count: count, viewport: viewport).map { index in
            let o = layout.offset(ofItem: index, scrollOffset: s, count: count)
            return CarouselItem(
                index: index, offset: o, transform: layout.transform(forOffset: o, count: count, viewport: viewport),
                alpha: layout.alpha(forOffset: o), center: Point(x: 187.5, y: 333.5), bounds: layout.itemSize)
        }
        let current = layout.currentItemIndex(scrollOffset: s, count: count)
        let reference = items.first { $0.index == current }?.transform
        return items.sorted { layout.compareViewDepth($0, $1, currentTransform: reference) }.map(\.index)
    }

    @Test func offsetsFoldOnceWithWrap() {
        let wrapped = CarouselLayout(type: .rotary)
        // o = index − s; with wrap o > n/2 → o − n, o < −n/2 → o + n, ±n/2 kept.
        #expect(wrapped.offset(ofItem: 9, scrollOffset: 0.3, count: 10) == (9 - 0.3) - 10)
        #expect(wrapped.offset(ofItem: 5, scrollOffset: 0, count: 10) == 5)
        #expect(wrapped.offset(ofItem: 0, scrollOffset: 5, count: 10) == -5)
        #expect(CarouselLayout(type: .linear).offset(ofItem: 9, scrollOffset: 0.3, count: 10) == 9 - 0.3)
    }

    @Test func scrollOffsetsClampOrWrap() {
        let linear = CarouselLayout(type: .linear)
        #expect(linear.scrollOffset(points: 60) == 0.3)
        #expect(linear.clampedOffset(-2, count: 10) == 0 && linear.clampedOffset(12, count: 10) == 9)
        #expect(linear.boundedScrollOffset(-2, count: 10, overscroll: true) == -1)
        #expect(linear.boundedScrollOffset(12, count: 10, overscroll: true) == 10)
        let rotary = CarouselLayout(type: .rotary)
        #expect(rotary.clampedOffset(-0.5, count: 10) == 9.5 && rotary.clampedOffset(23, count: 10) == 3)
        // The current item: round(s), halves away from zero, then clamped or taken modulo n.
        #expect(linear.currentItemIndex(scrollOffset: 2.5, count: 10) == 3)
        #expect(linear.currentItemIndex(scrollOffset: -0.5, count: 10) == 0)  // round → −1, clamped
        #expect(rotary.currentItemIndex(scrollOffset: 9.5, count: 10) == 0)  // round → 10, modulo 10
        #expect(linear.currentItemIndex(scrollOffset: 0, count: 0) == nil)
    }

    @Test func numberOfVisibleItemsPerType() {
        // §9.4: linear ⌈375/200⌉ + 2 = 4; rotary, cylinder N_c = 10; inverted ⌈10/2⌉ = 5; wheel
        // r − 100 = 2000/2π − 100 = 218.3 ≥ 375/2 → ⌈10/2⌉ + 1 = 6; cover flow ⌈375/50⌉ + 2 = 10;
        // time machines 30 → n = 10.
        let expected: [CarouselType: Int] = [
            .linear: 4, .rotary: 10, .cylinder: 10, .invertedRotary: 5, .invertedCylinder: 5, .wheel: 6,
            .invertedWheel: 6, .coverflow: 10, .coverflow2: 10, .timeMachine: 10, .invertedTimeMachine: 10,
        ]
        for type in CarouselType.allCases {
            #expect(CarouselLayout(type: type).numberOfVisibleItems(count: 10, viewport: viewport) == expected[type])
        }
        // 40 items: linear vertical ⌈667/200⌉ + 2 = 6; cover flow ⌈375/50⌉ + 2 = 10; rotary N_c = 12;
        // the time machines 30.
        #expect(CarouselLayout(type: .linear, vertical: true).numberOfVisibleItems(count: 40, viewport: viewport) == 6)
        #expect(CarouselLayout(type: .coverflow).numberOfVisibleItems(count: 40, viewport: viewport) == 10)
        #expect(CarouselLayout(type: .rotary).numberOfVisibleItems(count: 40, viewport: viewport) == 12)
        #expect(CarouselLayout(type: .timeMachine).numberOfVisibleItems(count: 40, viewport: viewport) == 30)
    }

    @Test func loadedWindowsAtOffsetPoint3() {
        // Current item 0; the window starts at 0 − ⌊N_vis/2⌋, moved into [0, n − N_vis] without wrap.
        let expected: [(CarouselType, [Int])] = [
            (.linear, [0, 1, 2, 3]), (.rotary, [5, 6, 7, 8, 9, 0, 1, 2, 3, 4]), (.invertedRotary, [8, 9, 0, 1, 2]),
            (.invertedCylinder, [8, 9, 0, 1, 2]), (.wheel, [7, 8, 9, 0, 1, 2]), (.coverflow, Array(0...9)),
            // Time machine: item 2's o = 1.7 is past fadeMax + range: alpha 0, not loaded.
            (.timeMachine, [0, 1]), (.invertedTimeMachine, Array(0...9)),
        ]
        for (type, indices) in expected {
            #expect(
                CarouselLayout(type: type).loadedIndices(scrollOffset: 0.3, count: 10, viewport: viewport) == indices)
        }
    }

    @Test func windowsAtTheEndWithAndWithoutWrap() {
        // s = 9, linear: the window 9 − 2 = 7 is moved to 10 − 4 = 6; with --wrap it runs 7, 8, 9, 0.
        #expect(
            CarouselLayout(type: .linear).loadedIndices(scrollOffset: 9, count: 10, viewport: viewport) == [6, 7, 8, 9])
        let wrapping = CarouselLayout(type: .linear, wrap: true)
        #expect(wrapping.loadedIndices(scrollOffset: 9, count: 10, viewport: viewport) == [7, 8, 9, 0])
        // Rotary without wrap at s = 0.3: 0 … 9 in order.
        let unwrapped = CarouselLayout(type: .rotary, wrap: false)
        #expect(unwrapped.loadedIndices(scrollOffset: 0.3, count: 10, viewport: viewport) == Array(0...9))
    }

    @Test func depthOrdersAtOffsetPoint3() {
        // §9.4's back → front column.
        #expect(depthOrder(CarouselLayout(type: .linear), s: 0.3) == [3, 2, 1, 0])
        #expect(depthOrder(CarouselLayout(type: .rotary), s: 0.3) == [5, 6, 4, 7, 3, 8, 2, 9, 1, 0])
        #expect(depthOrder(CarouselLayout(type: .cylinder), s: 0.3) == [5, 6, 4, 7, 3, 8, 2, 9, 1, 0])
        #expect(depthOrder(CarouselLayout(type: .invertedRotary), s: 0.3) == [0, 1, 9, 2, 8])
        #expect(depthOrder(CarouselLayout(type: .invertedCylinder), s: 0.3) == [0, 1, 9, 2, 8])
        #expect(depthOrder(CarouselLayout(type: .wheel), s: 0.3) == [7, 8, 9, 0, 1, 2])
        #expect(depthOrder(CarouselLayout(type: .invertedWheel), s: 0.3) == [7, 8, 9, 0, 1, 2])
        #expect(depthOrder(CarouselLayout(type: .coverflow), s: 0.3) == [9, 8, 7, 6, 5, 4, 3, 2, 1, 0])
        #expect(depthOrder(CarouselLayout(type: .coverflow2), s: 0.3) == [9, 8, 7, 6, 5, 4, 3, 2, 1, 0])
        #expect(depthOrder(CarouselLayout(type: .timeMachine), s: 0.3) == [0, 1])
        #expect(depthOrder(CarouselLayout(type: .invertedTimeMachine), s: 0.3) == [9, 8, 7, 6, 5, 4, 3, 2, 1, 0])
    }

    @Test func completeTiesGoByOffsetThenIndex() {
        // Linear at s = 2: every z is 1; items 1 and 3 are both 200 pt from item 2, a complete tie, so
        // the one with the lower offset (1, o = −1) is drawn first; item 0, 400 pt away, before both.
        #expect(depthOrder(CarouselLayout(type: .linear), s: 2) == [0, 1, 3, 2])
        // With wrap at s = 0: items 9 (o = −1) and 1 (o = +1) tie the same way.
        #expect(depthOrder(CarouselLayout(type: .linear, wrap: true), s: 0) == [8, 9, 1, 0])
        // Cover flow: any right-hand item (c = 1, z = −sin φ + cos φ − 100 with φ = −0.45π) is above
        // any left-hand one (z = sin φ + cos φ − 100) — the source's quirk, kept.
        #expect(depthOrder(CarouselLayout(type: .coverflow), s: 5) == [0, 1, 2, 3, 4, 9, 8, 7, 6, 5])
    }

    @Test func framesDrawWhatOverlapsTheViewport() throws {
        // Linear at 60 pt: items 2 and 3 start at 187.5 + 340 − 100 = 427.5 and 627.5, right of 375.
        let linear = try CarouselLayout(type: .linear).frame(atOffset: 60, count: 10, viewport: viewport)
        #expect(linear.items.map(\.index) == [1, 0])
        #expect(linear.offset == 60 && linear.scrollOffset == 0.3 && linear.currentItemIndex == 0)
        let offsets: [Double] = [1 - 0.3, 0 - 0.3]
        #expect(linear.items.map(\.offset) == offsets)
        #expect(
            linear.items.allSatisfy {
                $0.center == Point(x: 187.5, y: 333.5) && $0.bounds == Size(width: 200, height: 200)
            })
        // Vertical: item i's centre is at y = 333.5 + (i − 0.3)·200; item 2's top 573.5 < 667, item 3's
        // 773.5 is below the viewport.
        let vertical = try CarouselLayout(type: .linear, vertical: true).frame(
            atOffset: 60, count: 10, viewport: viewport)
        #expect(vertical.items.map(\.index) == [2, 1, 0])
        // The time machine: item 1 at alpha 1 − 0.7.
        let machine = try CarouselLayout(type: .timeMachine).frame(atOffset: 60, count: 10, viewport: viewport)
        #expect(machine.items.map(\.index) == [0, 1] && machine.items.map(\.alpha) == [1, 1 - 0.7])
    }

    @Test func framesClampOrWrapTheirOffset() throws {
        let linear = CarouselLayout(type: .linear)
        #expect(try linear.frame(atOffset: -50, count: 10, viewport: viewport).offset == 0)
        #expect(try linear.frame(atOffset: 5000, count: 10, viewport: viewport).scrollOffset == 9)
        #expect(try linear.frame(atOffset: -500, count: 10, viewport: viewport, overscroll: true).scrollOffset == -1)
        // Wrap: −60 pt is s = −0.3 → 9.7 items, 1940 pt.
        let rotary = try CarouselLayout(type: .rotary).frame(atOffset: -60, count: 10, viewport: viewport)
        #expect(rotary.scrollOffset == -0.3 - (-1) * 10 && rotary.offset == rotary.scrollOffset * 200)
        #expect(try linear.frame(atOffset: 0, count: 0, viewport: viewport).items.isEmpty)
    }

    @Test func backFacesAreHiddenOnlyWhereTheTypeSaysSo() throws {
        // Cylinder, s = 0, 800 pt wide (in 375 the items at ±72° project right of the viewport:
        // u = (292.7 + 0.309x)/(1.425 + 0.0019x) ≥ 200 > 187.5): item o is turned o·36°; items 3…7
        // (|o| ≥ 3, 108° and beyond) have m33 < 0. They are drawn by default (cylinder shows back
        // faces) and hidden with showBackfaces false.
        let wide = Size(width: 800, height: 667)
        let shown = try CarouselLayout(type: .cylinder).frame(atOffset: 0, count: 10, viewport: wide)
        #expect(Set(shown.items.map(\.index)) == Set(0...9))
        let hidden = try CarouselLayout(type: .cylinder, showBackfaces: false).frame(
            atOffset: 0, count: 10, viewport: wide)
        #expect(Set(hidden.items.map(\.index)) == [8, 9, 0, 1, 2])
        #expect(hidden.items.allSatisfy { $0.transform.m33 > 0 })
        // Inverted cylinder hides them by default: with --arc 720 item o turns by o·72°, so the loaded
        // items ±2 (144°) are back faces; --show-backfaces true draws them.
        let inverted = try CarouselLayout(type: .invertedCylinder, arc: 720).frame(
            atOffset: 0, count: 10, viewport: viewport)
        #expect(Set(inverted.items.map(\.index)) == [9, 0, 1])
        let both = try CarouselLayout(type: .invertedCylinder, arc: 720, showBackfaces: true)
            .frame(atOffset: 0, count: 10, viewport: viewport)
        #expect(Set(both.items.map(\.index)) == [8, 9, 0, 1, 2])
    }
}
