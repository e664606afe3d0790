import GalleryLayout
import Testing

/// iCarousel's own fling physics (research/icarousel.md §7 and the §9.5 worked example): w = 200,
/// n = 10, rate 0.95, scrollSpeed 1 unless said; each number worked out here from the source's formulas.
@Suite struct CarouselFlingTests {
    let linear = CarouselLayout(type: .linear)
    let rotary = CarouselLayout(type: .rotary)

    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-12 * max(1, abs(b)) }

    @Test func theWorkedExampleDeceleratesOntoItem2() throws {
        // 60 pt → s₀ = 0.3; V = 1000 pt/s → v = 5 items/s. acc = ((−5)·30)·(1 − 0.95) = −7.500000000000007,
        // D = −25/(2·acc) = 1.6666666666666652 > 0.1 with |v| > 2: it decelerates, to ⌈0.3 + D⌉ = 2,
        // over T = |2 − 0.3|/|0.5·5| = 0.68 s.
        let fling = try CarouselFling(layout: linear, count: 10, offset: 60, velocity: 1000)
        #expect(fling.start == 0.3 && fling.velocity == 5)
        let acceleration = -5.0 * 30 * (1 - 0.95)
        #expect(CarouselFling.decelerationDistance(velocity: 5, rate: 0.95) == -25 / (2 * acceleration))
        #expect(close(-25 / (2 * acceleration), 1.6666666666666652))
        let deceleration = try #require(fling.deceleration)
        #expect(deceleration.end == 2)
        let T = abs(2 - 0.3) / abs(0.5 * 5)
        #expect(deceleration.duration == T)
        // s(t) = 0.3 + 5t − ½(5/T)t²: research §9.5's table.
        let table: [(Double, Double)] = [
            (1.0 / 60, 0.38231209150326795), (0.1, 0.763235294117647), (0.2, 1.1529411764705881),
            (0.3, 1.4691176470588236), (0.4, 1.7117647058823529), (0.5, 1.8808823529411764),
            (0.6, 1.9764705882352942), (T, 1.9999999999999998),
        ]
        for (t, s) in table {
            #expect(close(fling.scrollOffset(at: t), s), "t = \(t)")
            #expect(close(fling.scrollOffset(at: t), 0.3 + 5 * t - 0.5 * (5 / T) * t * t))
        }
        // At rest within 10⁻⁶ of item 2 nothing more moves (the contract): it rests exactly on it at T.
        #expect(fling.settle == nil)
        #expect(fling.duration == T)
        #expect(fling.scrollOffset(at: fling.duration) == 2 && fling.scrollOffset(at: 5) == 2)
        #expect(fling.scrollOffset(at: 0) == 0.3 && fling.scrollOffset(at: -1) == 0.3)
        let frame = try fling.frame(at: 0.3, viewport: Size(width: 375, height: 667))
        #expect(close(frame.scrollOffset, 1.4691176470588236) && frame.currentItemIndex == 1)
    }

    @Test func backwardsItStopsOnTheBoundaryBelow() throws {
        // 1500 pt → s₀ = 7.5, v = −5: D = −5/3, end = ⌊7.5 − 1.667⌋ = 5, T = 2.5/2.5 = 1;
        // s(t) = 7.5 − 5t + 2.5t².
        let fling = try CarouselFling(layout: linear, count: 10, offset: 1500, velocity: -1000)
        #expect(fling.deceleration?.end == 5 && fling.deceleration?.duration == 1)
        #expect(close(fling.scrollOffset(at: 0.5), 7.5 - 2.5 + 0.625))
        #expect(fling.scrollOffset(at: fling.duration) == 5)
    }

    @Test func pastTheEndItBouncesBackToTheLastItem() throws {
        // s₀ = 8.5, V = 3000 → v = 15, D = 15/(60·0.05) = 5: ⌈13.5⌉ = 14, clamped to n = 10 (one
        // bounceDistance past item 9); T = 1.5/7.5 = 0.2. At rest on 10, the current item is 9 (round,
        // then clamped): a 0.4 s scroll back, E(0.25) = 0.0625 of the way at 0.1 s.
        let fling = try CarouselFling(layout: linear, count: 10, offset: 1700, velocity: 3000)
        let deceleration = try #require(fling.deceleration)
        #expect(deceleration.end == 10 && close(deceleration.duration, 0.2))
        #expect(close(fling.scrollOffset(at: deceleration.duration), 10))
        let settle = try #require(fling.settle)
        #expect(settle.duration == 0.4 && settle.end == 9)
        #expect(close(fling.duration, 0.6))
        #expect(close(fling.scrollOffset(at: deceleration.duration + 0.1), 10 - 0.0625))
        #expect(fling.scrollOffset(at: fling.duration) == 9)
        // The overscrolled frame shows s = 10.
        let frame = try fling.frame(at: deceleration.duration, viewport: Size(width: 375, height: 667))
        #expect(close(frame.scrollOffset, 10))
    }

    @Test func withWrapItGoesRoundAndWraps() throws {
        // Rotary: s₀ = 9.3, v = 5 → end ⌈9.3 + 5/3⌉ = 11 (not clamped), T = 1.7/2.5; offsets wrap
        // modulo 10: at 0.3 s, 9.3 + 1.1691176470588236 − 10.
        let fling = try CarouselFling(layout: rotary, count: 10, offset: 1860, velocity: 1000)
        #expect(fling.deceleration?.end == 11)
        #expect(close(fling.scrollOffset(at: 0.3), 9.3 + (1.4691176470588236 - 0.3) - 10))
        #expect(fling.settle == nil)
        #expect(fling.scrollOffset(at: fling.duration) == 1)
    }

    @Test func aReleaseThatDoesNotDecelerateScrollsOneItemOn() throws {
        // Rate 0: D = v/60 = 0.083 ≤ 0.1, no deceleration. From s = 2.7 the current item is 3; |v| > 2
        // and 0.3 off it (shouldScroll): to 3 + 1 = 4, not 3, in 0.4 s.
        let fling = try CarouselFling(layout: linear, count: 10, offset: 540, velocity: 1000, decelerationRate: 0)
        #expect(fling.deceleration == nil)
        #expect(fling.settle == CarouselScroll(start: 2.7, end: 4, duration: 0.4))
        #expect(close(fling.scrollOffset(at: 0.1), 2.7 + (4 - 2.7) * 0.0625))
        #expect(fling.duration == 0.4 && fling.scrollOffset(at: 0.4) == 4)
    }

    @Test func aSlowReleaseGoesBackToTheCurrentItem() throws {
        // v = 100/200 = 0.5 ≤ 2: 0.4 s to item 3; half-way in time, E(0.5) = 0.5 of the way.
        let fling = try CarouselFling(layout: linear, count: 10, offset: 540, velocity: 100)
        #expect(fling.deceleration == nil && fling.settle?.end == 3)
        #expect(close(fling.scrollOffset(at: 0.2), 2.7 + (3 - 2.7) * 0.5))
    }

    @Test func aReleaseOnAnItemMovesNothing() throws {
        let fling = try CarouselFling(layout: linear, count: 10, offset: 400, velocity: 0)
        #expect(fling.settle == nil && fling.deceleration == nil)
        #expect(fling.duration == 0 && fling.scrollOffset(at: 0.005) == 2)
        let empty = try CarouselFling(layout: linear, count: 0, offset: 0, velocity: 1000)
        #expect(empty.duration == 0 && empty.scrollOffset(at: 1) == 0)
    }

    @Test func scrollToGoesTheShortestWayRound() throws {
        // Wrap, s = 0.3: to item 3, +2.7 (−7.3 the other way); to item 8, (0.3 + 10) − 8 = 2.3 backwards
        // through 0, ending at −2 ≡ 8. Without wrap, +7.7.
        let toThree = try CarouselFling.scrollTo(3, layout: rotary, count: 10, offset: 60)
        #expect(close(toThree.settle?.end ?? 0, 3) && toThree.duration == 0.4)
        let toEight = try CarouselFling.scrollTo(8, layout: rotary, count: 10, offset: 60)
        #expect(close(toEight.settle?.end ?? 0, -2))
        #expect(close(toEight.scrollOffset(at: 0.1), 0.3 - 2.3 * 0.0625))
        #expect(close(toEight.scrollOffset(at: 0.3), 0.3 - 2.3 * 0.9375 + 10))
        #expect(close(toEight.scrollOffset(at: 0.4), 8))
        let direct = try CarouselFling.scrollTo(8, layout: linear, count: 10, offset: 60)
        #expect(close(direct.scrollOffset(at: 0.1), 0.3 + 7.7 * 0.0625) && direct.scrollOffset(at: 0.4) == 8)
        // Without wrap the end is clamped to the last item.
        #expect(try CarouselFling.scrollTo(15, layout: linear, count: 10, offset: 60).settle?.end == 9)
    }

    @Test func easeInOutIsTheSourceCubic() {
        // u < ½: ½(2u)³; else ½(2u − 2)³ + 1.
        #expect(CarouselScroll.easeInOut(0) == 0 && CarouselScroll.easeInOut(1) == 1)
        #expect(CarouselScroll.easeInOut(0.25) == 0.0625 && CarouselScroll.easeInOut(0.75) == 0.9375)
        #expect(CarouselScroll.easeInOut(0.5) == 0.5)
        #expect(close(CarouselScroll.easeInOut(0.1), 0.5 * 0.2 * 0.2 * 0.2))
    }

    @Test func invalidFlingsNameTheirParameter() {
        #expect(throws: LayoutError.outOfRange(.decelerationRate, 1, allowed: 0...0.999)) {
            try CarouselFling(layout: linear, count: 10, offset: 0, velocity: 100, decelerationRate: 1)
        }
        #expect(throws: LayoutError.notFinite(.fling, .infinity)) {
            try CarouselFling(layout: linear, count: 10, offset: 0, velocity: .infinity)
        }
        #expect(throws: LayoutError.negativeCount(-1)) {
            try CarouselFling(layout: linear, count: -1, offset: 0, velocity: 100)
        }
    }
}
