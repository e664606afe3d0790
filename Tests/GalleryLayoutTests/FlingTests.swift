import Foundation
import GalleryLayout
import Testing

/// The fling against the contract's formulas, worked out independently here (λ = −1000·ln r, a = 10).
@Suite struct FlingTests {
    let line = Gallery(style: .line(LineLayout()), viewport: Size(width: 375, height: 200), itemCount: 20)

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    @Test func theWorkedExampleEndsOn680After2Point36Seconds() {
        // 375 wide, offset 120, V = 1000 with --snap: T = 680, e = 560. λ = −1000·ln 0.998 = 2.002003;
        // (|v| − a)/λ = 494.5 ≤ 560, so v′ = a + λe = 1131.12, λ′ = λ; T_end = ln(v′/a)/λ = 2.3618 s.
        let target = line.snapped(120, velocity: 1000)
        #expect(target == 680)
        let fling = Fling(from: 120, velocity: 1000, deceleration: .normal, range: line.scrollableRange, target: 680)
        let lambda = -1000 * log(0.998)
        let v = 10 + lambda * 560
        #expect(close(fling.velocity, v) && close(fling.decay, lambda))
        #expect(close(fling.duration, log(v / 10) / lambda))
        #expect(close(fling.duration, 2.3618, 1e-4))
        #expect(fling.offset(at: 0) == 120)
        #expect(close(fling.offset(at: 1), 120 + v / lambda * (1 - exp(-lambda))))
        // The last frame is exactly on the target; just before, within the last 10 pt/s of travel.
        #expect(fling.offset(at: fling.duration) == 680)
        #expect(abs(680 - fling.offset(at: fling.duration - 0.001)) < 0.011)
        #expect(MotionTimeline.times(duration: fling.duration, fps: 60).count == 143)  // ⌈141.7⌉ + 1
    }

    @Test(arguments: [(DecelerationRate.normal, 0.998), (.fast, 0.99)])
    func aFreeFlightStopsAtTheStopSpeed(rate: DecelerationRate, r: Double) {
        // From 1000 at 800 pt/s in a long range: T_end = ln(800/10)/λ, at 1000 + (800 − 10)/λ.
        let lambda = -1000 * log(r)
        let fling = Fling(from: 1000, velocity: 800, deceleration: rate, range: 0...100_000)
        #expect(fling.bounce == nil)
        #expect(close(fling.duration, log(80) / lambda))
        #expect(close(fling.end, 1000 + 790 / lambda))
        #expect(
            close(fling.offset(at: fling.duration / 2), 1000 + 800 / lambda * (1 - exp(-lambda * fling.duration / 2))))
        // The speed at T_end is a: the derivative v·e^(−λt).
        #expect(close(800 * exp(-lambda * fling.duration), 10))
        // Backwards, and below the stop speed (nothing moves).
        let back = Fling(from: 1000, velocity: -800, deceleration: rate, range: 0...100_000)
        #expect(close(back.end, 1000 - 790 / lambda))
        let still = Fling(from: 1000, velocity: 9.5, deceleration: rate, range: 0...100_000)
        #expect(still.duration == 0 && still.offset(at: 0) == 1000 && still.end == 1000)
    }

    @Test(arguments: [(3000.0, 3000.0, 3230.0), (-3000.0, 230.0, 0.0)])
    func aFlingPastAnEdgeBouncesBackOntoIt(velocity: Double, start: Double, edge: Double) {
        // Range 0…3230: the flight would stop 2990/λ = 1493.5 pt on, past the edge.
        let lambda = -1000 * log(0.998)
        let fling = Fling(from: start, velocity: velocity, deceleration: .normal, range: 0...3230)
        guard let bounce = fling.bounce else {
            Issue.record("a fling past the edge without a bounce")
            return
        }
        // t_c: start + (v/λ)(1 − e^(−λ t_c)) = edge.
        let crossing = -log(1 - (edge - start) * lambda / velocity) / lambda
        #expect(close(bounce.time, crossing) && bounce.edge == edge)
        let speed = velocity * exp(-lambda * crossing)
        #expect(close(bounce.speed, speed))
        // The spring: edge + v_c·s·e^(−ωs), overshooting outwards, at most v_c/(ωe) at s = 1/ω.
        let omega = 2 * Double.pi / 0.575
        let s = 0.05
        #expect(close(fling.offset(at: crossing + s), edge + speed * s * exp(-omega * s)))
        let overshoot = abs(speed) / (omega * exp(1))
        #expect(close(abs(fling.offset(at: crossing + 1 / omega) - edge), overshoot))
        // It ends at the first s ≥ 1/ω where the overshoot is 0.1 pt, exactly on the edge.
        let length = fling.duration - crossing
        #expect(length >= 1 / omega)
        #expect(close(abs(speed) * length * exp(-omega * length), 0.1, 1e-9))
        #expect(fling.offset(at: fling.duration) == edge)
        #expect(abs(fling.offset(at: fling.duration - 1e-3) - edge) > 0.1)
    }

    @Test func snapTargetsBeforeAtBeyondAndBehindTheNaturalStop() {
        let lambda = -1000 * log(0.998)
        let natural = (1000 - 10) / lambda  // 494.5 pt
        // Before the natural stop: v′ = v, λ′ = (v − a)/e; it ends on the target.
        let short = Fling(from: 0, velocity: 1000, deceleration: .normal, range: 0...3230, target: 340)
        #expect(short.velocity == 1000 && close(short.decay, 990 / 340))
        #expect(short.offset(at: short.duration) == 340)
        #expect(close(short.duration, log(100) / (990 / 340)))
        // At it: either rule gives v′ = v, λ′ = λ.
        let exact = Fling(from: 0, velocity: 1000, deceleration: .normal, range: 0...3230, target: natural)
        #expect(close(exact.velocity, 1000, 1e-9) && close(exact.decay, lambda, 1e-12))
        // Beyond it: v′ = a + λe, λ′ = λ.
        let long = Fling(from: 0, velocity: 1000, deceleration: .normal, range: 0...3230, target: 680)
        #expect(close(long.velocity, 10 + lambda * 680) && long.decay == lambda)
        // Behind the fling (the target is the other way): v′ = −a + λe, moving backwards.
        let behind = Fling(from: 510, velocity: 300, deceleration: .normal, range: 0...3230, target: 340)
        #expect(close(behind.velocity, -10 + lambda * -170) && behind.decay == lambda)
        #expect(behind.offset(at: behind.duration) == 340 && behind.offset(at: 0.1) < 510)
        // On it already: nothing moves, one frame.
        let none = Fling(from: 340, velocity: 50, deceleration: .normal, range: 0...3230, target: 340)
        #expect(none.duration == 0 && MotionTimeline.times(duration: none.duration, fps: 60) == [0])
    }

    @Test func framesAreTakenAtKOverFpsUpToTheEnd() {
        // T_end = 0.1 s at 30 fps: ⌈3⌉ = 3, so t = 0, 1/30, 2/30, 0.1.
        #expect(MotionTimeline.times(duration: 0.1, fps: 30) == [0, 1.0 / 30, 2.0 / 30, 0.1])
        #expect(MotionTimeline.times(duration: 0.11, fps: 30) == [0, 1.0 / 30, 2.0 / 30, 0.1, 0.11])
    }
}
