import Foundation
import GalleryLayout
import Testing

/// iCarousel's type change and deletion (CarouselTransition), against the timings and states
/// written out here from the source (setType: in a 0.2 s UIView animation; removeItemAtIndex:
/// animated: a 0.1 s fade, then INSERT_DURATION 0.4 s; both with the Bézier (0.42, 0, 0.58, 1)).
@Suite struct CarouselTransitionTests {
    static let viewport = Size(width: 375, height: 300)

    func frame(_ layout: CarouselLayout, _ s: Double, count: Int = 10) throws -> CarouselFrame {
        try layout.frame(atScrollOffset: s, count: count, viewport: Self.viewport)
    }

    @Test func aTypeChangeAtRestTakesTwoTenthsFromOneTypesMatricesToTheOthers() throws {
        let coverflow = CarouselLayout(type: .coverflow)
        let change = try CarouselTransition(
            coverflow, count: 10, viewport: Self.viewport, offset: 400, change: .type(.rotary))
        #expect(change.duration == 0.2)
        #expect(change.startScrollOffset == 2 && change.endScrollOffset == 2)
        // The end: rotary at s = 2, exactly.
        #expect(try change.frame(at: 0.2) == frame(CarouselLayout(type: .rotary), 2))
        // At 0.1 s, B(½) = ½ (the curve is symmetric): an item drawn in both, halfway by the
        // interpolation of its two matrices; its alpha halfway too.
        let start = try frame(coverflow, 2), end = try frame(CarouselLayout(type: .rotary), 2)
        let middle = try change.frame(at: 0.1)
        for item in middle.items {
            guard let a = start.items.first(where: { $0.index == item.index }),
                let b = end.items.first(where: { $0.index == item.index })
            else { continue }
            let p = EaseInOut.progress(0.5)
            #expect(abs(p - 0.5) < 1e-12)
            #expect(item.transform == a.transform.interpolated(to: b.transform, p), "item \(item.index)")
            #expect(item.alpha == a.alpha + (b.alpha - a.alpha) * p)
        }
        // At 0: the start exactly, as `render` draws it.
        #expect(try change.frame(at: 0) == start)
    }

    /// The contract: a transition's first frame is exactly `render` of the start. Every pair of
    /// types, at rest and between items, wrapped or not, and every deletion: frame 0 is the start's
    /// frame, though the end's window of items differs (items entering it appear only after).
    @Test func everyTransitionsFirstFrameIsTheStartAsDrawn() throws {
        for type in CarouselType.allCases {
            for wrap in [false, true] {
                var layout = CarouselLayout(type: type)
                layout.wrap = wrap
                for offset in [0.0, 300, 400, 1100] {
                    let start = try layout.frame(atOffset: offset, count: 12, viewport: Self.viewport)
                    var changes = CarouselType.allCases.filter { $0 != type }.map { CarouselTransition.Change.type($0) }
                    changes += [.delete(item: 0), .delete(item: 5), .delete(item: 11)]
                    for change in changes {
                        let transition = try CarouselTransition(
                            layout, count: 12, viewport: Self.viewport, offset: offset, change: change)
                        #expect(try transition.frame(at: 0) == start, "\(type) wrap \(wrap) at \(offset) → \(change)")
                    }
                }
            }
        }
    }

    /// An item loaded but off screen at the start (linear's item 0, two widths left of the centre)
    /// moves into view from where it was, not from where it ends.
    @Test func anItemOffScreenAtTheStartMovesIntoView() throws {
        let linear = CarouselLayout(type: .linear), rotary = CarouselLayout(type: .rotary)
        let unculled = try linear.frame(atScrollOffset: 2, count: 10, viewport: Self.viewport, culled: false)
        let begin = try #require(unculled.items.first { $0.index == 0 })
        #expect(try !frame(linear, 2).items.contains { $0.index == 0 }, "not drawn at the start")
        let end = try #require(try frame(rotary, 2).items.first { $0.index == 0 })
        let change = try CarouselTransition(
            linear, count: 10, viewport: Self.viewport, offset: 400, change: .type(.rotary))
        // Drawn once its blended quad reaches the viewport, always on its way from `begin`.
        var seen = 0
        for t in stride(from: 0.01, to: 0.2, by: 0.01) {
            guard let item = try change.frame(at: t).items.first(where: { $0.index == 0 }) else { continue }
            seen += 1
            let p = EaseInOut.progress(t / 0.2)
            #expect(item.transform == begin.transform.interpolated(to: end.transform, p), "at \(t) s")
        }
        #expect(seen > 0)
    }

    @Test func aTypeChangeBetweenItemsAlsoScrollsToTheCurrentOneFor04Seconds() throws {
        // s₀ = 330/200 = 1.65: setType: scrolls to round(1.65) = 2 over 0.4 s with iCarousel's
        // cubic E: s(t) = 1.65 + 0.35·E(t/0.4), E(u) = u < ½ ? 4u³ : ½(2u − 2)³ + 1.
        let change = try CarouselTransition(
            CarouselLayout(type: .coverflow), count: 10, viewport: Self.viewport, offset: 330,
            change: .type(.timeMachine))
        #expect(change.duration == 0.4 && change.endScrollOffset == 2)
        func s(_ t: Double) -> Double {
            let u = t / 0.4
            let e = u < 0.5 ? 4 * u * u * u : 0.5 * pow(2 * u - 2, 3) + 1
            return 1.65 + 0.35 * e
        }
        // After 0.2 s the new type's matrices at the scroll's offset, no longer blended.
        let at = try change.frame(at: 0.3)
        #expect(abs(at.scrollOffset - s(0.3)) < 1e-12)
        #expect(try at == frame(CarouselLayout(type: .timeMachine), at.scrollOffset))
    }

    @Test func aDeletionFadesTheItemForATenthThenMovesTheOthersForFourTenths() throws {
        let wheel = CarouselLayout(type: .rotary)
        let deletion = try CarouselTransition(
            wheel, count: 10, viewport: Self.viewport, offset: 400, change: .delete(item: 3))
        #expect(deletion.duration == 0.5 && deletion.endCount == 9 && deletion.endScrollOffset == 2)
        let start = try frame(wheel, 2)
        // At 0.05 s: item 3 at α·(1 − B(½)), everything drawn before still where it was.
        let fading = try deletion.frame(at: 0.05)
        let deleted = try #require(fading.items.first { $0.index == 3 })
        let before = try #require(start.items.first { $0.index == 3 })
        #expect(deleted.transform == before.transform && deleted.alpha == before.alpha * (1 - EaseInOut.progress(0.5)))
        for item in fading.items where item.index != 3 {
            if let a = start.items.first(where: { $0.index == item.index }) { #expect(item == a, "item \(item.index)") }
        }
        // From 0.1 s item 3 is gone; at 0.3 s, B(½) of the way to the end.
        let moving = try deletion.frame(at: 0.3)
        #expect(!moving.items.contains { $0.index == 3 })
        // The end: nine items at s = 2, those after 3 under their original indices (one higher).
        let end = try frame(wheel, 2, count: 9)
        let last = try deletion.frame(at: 0.5)
        #expect(last.items.map(\.index) == end.items.map { $0.index >= 3 ? $0.index + 1 : $0.index })
        #expect(last.items.map(\.transform) == end.items.map(\.transform))
        for item in moving.items {
            guard let a = start.items.first(where: { $0.index == item.index }),
                let b = last.items.first(where: { $0.index == item.index })
            else { continue }
            #expect(item.transform == a.transform.interpolated(to: b.transform, EaseInOut.progress(0.5)))
        }
    }

    /// `transformItemView:atIndex:` sets `hidden` from the transform an item is going to, when the
    /// change starts (it is not animated): found by review, the in-between m33 had decided it.
    @Test func aBackFaceIsHiddenOrShownByWhereTheItemIsGoing() throws {
        // Rotary → inverted cylinder, 3 items at s = 2: items 0 and 1, at offsets ±1, go to angles
        // ∓2π·1/3, m33 = cos(120°) = −0.5 ≤ 0: hidden from the first frame on; item 2 (offset 0,
        // m33 = cos 0 = 1) stays.
        #expect(cos(2 * Double.pi / 3) < 0)
        let toBack = try CarouselTransition(
            CarouselLayout(type: .rotary), count: 3, viewport: Self.viewport, offset: 400,
            change: .type(.invertedCylinder))
        #expect(Set(try toBack.frame(at: 0).items.map(\.index)) == [0, 1, 2])
        for t in [0.01, 1.0 / 30, 0.1, 0.19] { #expect(try toBack.frame(at: t).items.map(\.index) == [2], "\(t)") }
        // Cylinder → rotary without back faces, 3 items at s = 0: items 1 and 2 (cos 120° at the
        // start: hidden) go to rotary's m33 = 1 (no turn): shown from the first frame on.
        var cylinder = CarouselLayout(type: .cylinder)
        cylinder.showBackfaces = false
        let fromBack = try CarouselTransition(
            cylinder, count: 3, viewport: Self.viewport, offset: 0, change: .type(.rotary))
        #expect(try fromBack.frame(at: 0).items.map(\.index) == [0])
        for t in [0.01, 1.0 / 30, 0.1] {
            #expect(Set(try fromBack.frame(at: t).items.map(\.index)) == [0, 1, 2], "\(t)")
        }
        // Deleting item 0 of 4 at s = 2 (inverted cylinder): the scroll stays at 2, so item 2 (in
        // front) becomes index 1 at offset −1 of 3 items, cos 120° < 0: hidden at once, its fade and
        // move not shown; item 3 takes the front.
        let deletion = try CarouselTransition(
            CarouselLayout(type: .invertedCylinder), count: 4, viewport: Self.viewport, offset: 400,
            change: .delete(item: 0))
        #expect(try deletion.frame(at: 0).items.contains { $0.index == 2 })
        for t in [0.05, 0.1, 0.3, 0.45] { #expect(try deletion.frame(at: t).items.map(\.index) == [3], "\(t)") }
    }

    @Test func deletingAnItemThatIsNotThereIsRefused() {
        #expect(throws: LayoutError.noSuchItem(10, count: 10)) {
            try CarouselTransition(
                CarouselLayout(type: .coverflow), count: 10, viewport: Self.viewport, offset: 0,
                change: .delete(item: 10))
        }
    }
}
