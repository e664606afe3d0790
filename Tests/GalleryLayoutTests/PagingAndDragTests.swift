import CCPU
import GalleryLayout
import Testing

/// `--paging` and `--drag` (the contract's "Paging, drags and page-transform layouts"): the target
/// page, UIScrollView's paging spring stepped per millisecond, the rubber band and the spring back,
/// each against the contract's arithmetic written out here.
@Suite struct PagingAndDragTests {
    static let line = Gallery(style: .line(LineLayout()), viewport: Size(width: 375, height: 200), itemCount: 20)

    @Test func theTargetPageIsOnePageAtMostFromTheLift() {
        // P = 375, range 0…3230 (content 3605 − 375). round(x₀/P + ½·sgn V) when |V| > 10, else round(x₀/P).
        let range = Self.line.scrollableRange
        #expect(range == 0...3230)
        #expect(Self.line.pageLength == 375)
        #expect(Self.line.paged(100) == 0)  // 0.27 → 0
        #expect(Self.line.paged(187.5) == 375)  // 0.5 → 1 (halves away from zero)
        #expect(Self.line.paged(100, velocity: 11) == 375)  // 0.77 → 1
        #expect(Self.line.paged(100, velocity: 10) == 0)  // |V| ≤ 10: no flick
        #expect(Self.line.paged(400, velocity: -500) == 375)  // 1.07 − 0.5 = 0.57 → 1
        #expect(Self.line.paged(3200, velocity: 5000) == 3230)  // page 9 = 3375, clamped
        #expect(Self.line.paged(-50) == 0)
    }

    /// The contract's steps, written out: v ← (v + 0.36·(T − x))·0.9668, x ← x + v/1000, to the first
    /// step with |v| ≤ 10 and |T − x| ≤ 1, which shows T.
    static func steps(from x0: Double, velocity: Double, target: Double) -> [Double] {
        var (x, v, shown) = (x0, velocity, [Double]())
        while true {
            v = (v + 0.36 * (target - x)) * 0.9668
            x = x + v / 1000
            if abs(v) <= 10 && abs(target - x) <= 1 { return shown + [target] }
            shown.append(x)
        }
    }

    @Test(arguments: [(0.0, 0.0, 375.0), (300, 2000, 375), (100, -3000, 0), (3000, 800, 3230)])
    func theSpringIsSteppedPerMillisecond(start: Double, velocity: Double, target: Double) {
        let spring = PagingSpring(from: start, velocity: velocity, target: target)
        let expected = Self.steps(from: start, velocity: velocity, target: target)
        #expect(spring.duration == Double(expected.count) / 1000)
        #expect(spring.offset(at: 0) == start)
        for k in [1, 2, 17, expected.count / 2, expected.count - 1] {
            #expect(spring.offset(at: Double(k) / 1000) == expected[k - 1], "step \(k)")
        }
        // Frame times round to whole steps, halves away from zero: 2.5 ms is step 3.
        #expect(spring.offset(at: 0.0025) == expected[2])
        #expect(spring.offset(at: spring.duration) == target && spring.offset(at: 10) == target)
    }

    /// round(x₀/P + ½·sgn V) for |V| > 10, its halves in the flick's direction; round(x₀/P) else.
    /// From rest on page 3 a flick either way moves one page; from 3.3 back stays on 3, forward 4.
    @Test func aFlickPicksThePageTheContractRounds() {
        // round(x₀/P + ½·sgn V), halves away from zero: from rest on page 3 a flick forward gives
        // round(3.5) = 4 and one back round(2.5) = 3 (UIKit would go to 2; CONTRACT.md rules).
        let range = 0.0...3000
        func target(_ x0: Double, _ v: Double) -> Double {
            PagingSpring.target(from: x0, velocity: v, page: 375, range: range) / 375
        }
        #expect(target(3 * 375, 300) == 4 && target(3 * 375, -300) == 3)
        #expect(target(0.2 * 375, -300) == 0 && target(0.5 * 375, -300) == 0, "round(−0.3) = 0, round(0) = 0")
        #expect(target(3.3 * 375, -300) == 3 && target(3.3 * 375, 300) == 4)
        #expect(target(3.5 * 375, 5) == 4 && target(3.49 * 375, -5) == 3, "slower than 10 pt/s: the nearest page")
        #expect(target(2.5 * 375, 300) == 3 && target(2.5 * 375, -300) == 2)
    }

    @Test func theRubberBandLagsTheFingerPastAnEdge() {
        // d = 375: a finger 100 pt past the end shows (1 − 1/(100·0.55/375 + 1))·375 past it.
        let stretch = (1 - 1 / (100 * 0.55 / 375 + 1)) * 375
        #expect(RubberBand.offset(finger: 3330, range: 0...3230, extent: 375) == 3230 + stretch)
        #expect(RubberBand.offset(finger: -100, range: 0...3230, extent: 375) == -stretch)
        #expect(RubberBand.offset(finger: 1000, range: 0...3230, extent: 375) == 1000)
    }

    @Test func theSpringBackIsTheContractsClosedForm() {
        // y(s) = (y₀ + (V + ω·y₀)·s)·e^(−ωs), ω = 2π/0.575; it ends at the first s ≥ 1/ω with |y| ≤ 0.1.
        let omega = 2 * Double.pi / 0.575
        for (y0, v) in [(-30.0, -200.0), (40, 0), (25, -900)] {
            let spring = RubberBand.SpringBack(edge: 0, overshoot: y0, velocity: v)
            func y(_ s: Double) -> Double { (y0 + (v + omega * y0) * s) * gr_exp(-omega * s) }
            #expect(spring.offset(at: 0) == y0)
            #expect(spring.offset(at: 0.05) == y(0.05))
            #expect(spring.duration >= 1 / omega)
            #expect(abs(y(spring.duration)) <= 0.1)
            // Just before the end it is still out (or the end is 1/ω itself).
            #expect(spring.duration == 1 / omega || abs(y(spring.duration.nextDown)) > 0.1)
            #expect(spring.offset(at: spring.duration) == 0)
        }
    }

    @Test func aDragInsideTheRangeFollowsTheFingerThenFlings() throws {
        // From 120, 200 pt in 0.25 s: the finger at t = 0.125 is at 220; the lift at 320 with V = 800.
        let scroll = Self.line.drag(from: 120, distance: 200, duration: 0.25, velocity: nil, rule: .free(.normal))
        #expect(scroll.offset(at: 0) == 120 && scroll.finger(at: 0) == 120)
        #expect(scroll.offset(at: 0.125) == 220 && scroll.finger(at: 0.125) == 220)
        #expect(scroll.finger(at: 0.25) == 320 && scroll.finger(at: 0.26) == nil)
        guard case .fling(let fling) = scroll.release else {
            Issue.record("a lift inside the range flings")
            return
        }
        let expected = Fling(from: 320, velocity: 800, deceleration: .normal, range: 0...3230)
        #expect(fling == expected)
        #expect(scroll.offset(at: 0.25 + 0.125) == expected.offset(at: 0.125))
        #expect(scroll.duration == 0.25 + expected.duration)
    }

    @Test func aDragPastTheEdgeSpringsBack() throws {
        // From 0, −100 pt: the finger ends 100 pt before the start, the content (1 − 1/(100·0.55/375 + 1))·375.
        let scroll = Self.line.drag(from: 0, distance: -100, duration: 0.3, velocity: nil, rule: .paging)
        let stretch = (1 - 1 / (100 * 0.55 / 375 + 1)) * 375
        #expect(scroll.offset(at: 0.3) == -stretch)
        guard case .springBack(let spring) = scroll.release else {
            Issue.record("a lift past the edge springs back")
            return
        }
        #expect(spring.edge == 0 && spring.overshoot == -stretch && spring.velocity == -100 / 0.3)
        #expect(scroll.offset(at: scroll.duration) == 0)
    }

    @Test func aPagedDragRestsOnTheNextPage() {
        // From 0, 150 pt in 0.3 s (V = 500): the lift at 150 is 0.4 pages; 0.4 + 0.5 → page 1.
        let scroll = Self.line.drag(from: 0, distance: 150, duration: 0.3, velocity: nil, rule: .paging)
        guard case .paging(let spring) = scroll.release else {
            Issue.record("a paged lift inside the range takes the paging spring")
            return
        }
        #expect(spring.target == 375 && spring.start == 150 && spring.velocity == 500)
        #expect(scroll.offset(at: scroll.duration) == 375)
    }
}
