import Foundation
import GalleryLayout
import Testing

/// iCarousel's transforms, alphas and computed defaults. Oracles: the worked examples of
/// research/icarousel.md §9 (a float64 re-implementation of iCarousel 1.8.3's
/// `transformForItemViewWithOffset:`, w = 200, p = −1/500, n = 10, N_c = 10, o = 0.7), held to
/// 1e-12 relative; elsewhere the closed form M = L·B of its §1 with libm's sin, cos and tan.
@Suite struct CarouselLayoutTests {
    let viewport = Size(width: 375, height: 667)

    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-12 * max(1, abs(b)) }

    func expectMatrix(
        _ t: Transform3D, _ expected: [Double], _ label: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (k, (got, want)) in zip(t.values, expected).enumerated() {
            #expect(
                close(got, want), "\(label) m\(k / 4 + 1)\(k % 4 + 1): \(got) ≠ \(want)", sourceLocation: sourceLocation
            )
        }
    }

    /// research/icarousel.md §9.1 (horizontal), in m11 … m44 order.
    static let horizontalOracle: [CarouselType: [Double]] = [
        .linear: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 140, 0, 0, 1],
        .rotary: [
            1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 131.04139161199663, 0, -29.29122138097756, 1.058582442761955,
        ],
        .invertedRotary: [
            1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 131.04139161199663, 0, 29.29122138097756, 0.9414175572380449,
        ],
        .cylinder: [
            0.9048270524660196, 0, -0.4257792915650726, 0.0008515585831301452, 0, 1, 0, 0,
            0.4257792915650726, 0, 0.9048270524660196, -0.0018096541049320391,
            131.04564940491227, 0, -29.282173110452902, 1.0585643462209058,
        ],
        .invertedCylinder: [
            0.9048270524660196, 0, 0.4257792915650726, -0.0008515585831301452, 0, 1, 0, 0,
            -0.4257792915650726, 0, 0.9048270524660196, -0.0018096541049320391,
            131.037133819081, 0, 29.30026965150222, 0.9413994606969955,
        ],
        .wheel: [
            0.9048270524660196, 0.4257792915650726, 0, 0, -0.4257792915650726, 0.9048270524660196, 0, 0,
            0, 0, 1, -0.002, 135.5297578374933, 30.29449009731718, 0.006999999999999999, 0.999986,
        ],
        .invertedWheel: [
            0.9048270524660196, -0.4257792915650726, 0, 0, 0.4257792915650726, 0.9048270524660196, 0, 0,
            0, 0, 1, -0.002, 135.5297578374933, -30.29449009731718, 0.006999999999999999, 0.999986,
        ],
        .coverflow: [
            0.5490228179981317, 0, 0.8358073613682703, -0.0016716147227365406, 0, 1, 0, 0,
            -0.8358073613682703, 0, 0.5490228179981317, -0.0010980456359962634, 98, 0, -70, 1.1400000000000001,
        ],
        .timeMachine: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 42, 0, 140, 0.72],
        .invertedTimeMachine: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 42, 0, -140, 1.28],
    ]

    /// research/icarousel.md §9.2 (vertical): only the types whose matrix is not the horizontal one
    /// with x and y exchanged are written out in full.
    static let verticalOracle: [CarouselType: [Double]] = [
        .linear: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 140, 0, 1],
        .rotary: [
            1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 131.04139161199663, -29.29122138097756, 1.058582442761955,
        ],
        .invertedRotary: [
            1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 131.04139161199663, 29.29122138097756, 0.9414175572380449,
        ],
        .cylinder: [
            1, 0, 0, 0, 0, 0.9048270524660196, -0.4257792915650726, 0.0008515585831301452,
            0, 0.4257792915650726, 0.9048270524660196, -0.0018096541049320391,
            0, 131.04564940491227, -29.282173110452902, 1.0585643462209058,
        ],
        .invertedCylinder: [
            1, 0, 0, 0, 0, 0.9048270524660196, 0.4257792915650726, -0.0008515585831301452,
            0, -0.4257792915650726, 0.9048270524660196, -0.0018096541049320391,
            0, 131.037133819081, 29.30026965150222, 0.9413994606969955,
        ],
        .wheel: [
            0.9048270524660196, 0.4257792915650726, 0, 0, -0.4257792915650726, 0.9048270524660196, 0, 0,
            0, 0, 1, -0.002, -30.29449009731718, 135.5297578374933, 0.006999999999999999, 0.999986,
        ],
        .invertedWheel: [
            0.9048270524660196, -0.4257792915650726, 0, 0, 0.4257792915650726, 0.9048270524660196, 0, 0,
            0, 0, 1, -0.002, 30.29449009731718, 135.5297578374933, 0.006999999999999999, 0.999986,
        ],
        .coverflow: [
            1, 0, 0, 0, 0, 0.5490228179981317, 0.8358073613682703, -0.0016716147227365406,
            0, -0.8358073613682703, 0.5490228179981317, -0.0010980456359962634, 0, 98, -70, 1.1400000000000001,
        ],
        .timeMachine: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 42, 140, 0.72],
        .invertedTimeMachine: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 42, -140, 1.28],
    ]

    @Test(arguments: CarouselType.allCases, [false, true])
    func theWorkedExampleAtOffsetPoint7(type: CarouselType, vertical: Bool) throws {
        let layout = CarouselLayout(type: type, vertical: vertical)
        let oracle = vertical ? Self.verticalOracle : Self.horizontalOracle
        // coverflow2 draws as coverflow, bit for bit (§5.4).
        let expected = try #require(oracle[type == .coverflow2 ? .coverflow : type])
        let transform = layout.transform(forOffset: 0.7, count: 10, viewport: viewport)
        expectMatrix(transform, expected, "\(type.rawValue)\(vertical ? " vertical" : "")")
        // §9.1's alpha column: 1 but for the time machine, 1 − 0.7.
        #expect(layout.alpha(forOffset: 0.7) == (type == .timeMachine ? 1 - 0.7 : 1))
    }

    @Test func coverflow2IsCoverflowBitForBit() {
        for o in stride(from: -3.0, through: 3.0, by: 0.05) {
            for vertical in [false, true] {
                let cover = CarouselLayout(type: .coverflow, vertical: vertical)
                let cover2 = CarouselLayout(type: .coverflow2, vertical: vertical)
                #expect(
                    cover.transform(forOffset: o, count: 10, viewport: viewport)
                        == cover2.transform(forOffset: o, count: 10, viewport: viewport))
            }
        }
    }

    @Test func aViewpointOffsetMovesOnlyRowFour() {
        // §9.3, (30, −20): m41 −= 30, m42 += 20, everything else as §9.1.
        let moved: [(CarouselType, Double, Double)] = [
            (.linear, 110, 20), (.cylinder, 101.04564940491227, 20), (.wheel, 105.52975783749329, 50.29449009731718),
            (.coverflow, 68, 20),
        ]
        for (type, m41, m42) in moved {
            let layout = CarouselLayout(type: type, viewpointOffset: Point(x: 30, y: -20))
            var expected = Self.horizontalOracle[type] ?? []
            (expected[12], expected[13]) = (m41, m42)
            expectMatrix(layout.transform(forOffset: 0.7, count: 10, viewport: viewport), expected, type.rawValue)
        }
    }

    /// §1's closed form: M = L·B with L = [R 0; t 1] and B = Tr(−v)·P.
    func closedForm(_ r: [[Double]], _ t: [Double], p: Double = -0.002) -> [Double] {
        (0..<3).flatMap { i in r[i] + [p * r[i][2]] } + [t[0], t[1], t[2], 1 + p * t[2]]
    }

    /// R and t of each type at offset o (§2), written out from the source's formulas with libm.
    func expectedRT(_ type: CarouselType, o: Double, vertical: Bool) -> (r: [[Double]], t: [Double]) {
        let identity: [[Double]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
        func along(_ d: Double, _ z: Double) -> [Double] { vertical ? [0, d, z] : [d, 0, z] }
        func turnY(_ a: Double) -> [[Double]] {
            vertical
                ? [[1, 0, 0], [0, cos(a), -sin(a)], [0, sin(a), cos(a)]]
                : [[cos(a), 0, -sin(a)], [0, 1, 0], [sin(a), 0, cos(a)]]
        }
        let circle = 100 / tan(Double.pi / 10)  // (w·σ/2)/tan((A/2)/N_c), N_c = 10
        let a = o / 10 * 2 * Double.pi
        let wheel = 2000 / (2 * Double.pi)  // w·σ·N_c/A
        let theta = 2 * Double.pi / 10 * o
        let (c, s) = (cos(theta), sin(theta))
        switch type {
        case .linear: return (identity, along(o * 200, 0))
        case .rotary: return (identity, along(circle * sin(a), circle * cos(a) - circle))
        case .invertedRotary: return (identity, along(circle * sin(a), circle - circle * cos(a)))
        case .cylinder: return (turnY(a), along((circle + 0.01) * sin(a), (circle + 0.01) * cos(a) - circle))
        case .invertedCylinder:
            return (turnY(-a), along((circle - 0.01) * sin(a), circle - (circle - 0.01) * cos(a)))
        case .wheel, .invertedWheel:
            let sign = type == .wheel ? 1.0 : -1.0
            let r = [[c, sign * s, 0], [-sign * s, c, 0], [0, 0, 1]]
            let t =
                vertical
                ? [sign * (wheel * c - wheel), wheel * s, 0.01 * o] : [wheel * s, sign * (wheel - wheel * c), 0.01 * o]
            return (r, t)
        case .coverflow, .coverflow2:
            let clamped = max(-1, min(1, o))
            let phi = -clamped * Double.pi / 2 * 0.9
            return (turnY(phi), along((clamped * 0.45 + o * 0.25) * 200, -abs(clamped) * 100))
        case .timeMachine: return (identity, along(o * 200 * 0.3, o * 200))
        case .invertedTimeMachine: return (identity, along(o * 200 * 0.3, -o * 200))
        }
    }

    @Test(arguments: CarouselType.allCases, [false, true])
    func everyTypeMatchesItsClosedForm(type: CarouselType, vertical: Bool) {
        let layout = CarouselLayout(type: type, vertical: vertical)
        for o in [-4.3, -1.3, -0.5, 0, 0.25, 1, 2.5] {
            let (r, t) = expectedRT(type, o: o, vertical: vertical)
            let transform = layout.transform(forOffset: o, count: 10, viewport: viewport)
            for (k, (got, want)) in zip(transform.values, closedForm(r, t)).enumerated() {
                // Summation order differs from the chained products: within 1e-12 of the largest entry.
                #expect(abs(got - want) <= 1e-12 * 400, "\(type.rawValue) o = \(o) m\(k / 4 + 1)\(k % 4 + 1)")
            }
        }
    }

    @Test func optionsReplaceTheDefaults() {
        // Rotary with --angle 30: every item at 30°, whatever its offset; --radius 250.
        let rotary = CarouselLayout(type: .rotary, radius: 250, angle: 30)
        let a = 30 * Double.pi / 180
        for o in [-1.0, 2.0] {
            expectMatrix(
                rotary.transform(forOffset: o, count: 10, viewport: viewport),
                closedForm([[1, 0, 0], [0, 1, 0], [0, 0, 1]], [250 * sin(a), 0, 250 * cos(a) - 250]), "rotary")
        }
        // Wheel with --angle 10 turns item o by 10°·o; --arc 180 halves the default radius's arc.
        let wheel = CarouselLayout(type: .wheel, arc: 180, angle: 10)
        let r = 200 * 10 / Double.pi  // w·σ·N_c/A with A = π
        let theta = 10 * Double.pi / 180 * 2
        expectMatrix(
            wheel.transform(forOffset: 2, count: 10, viewport: viewport),
            closedForm(
                [[cos(theta), sin(theta), 0], [-sin(theta), cos(theta), 0], [0, 0, 1]],
                [r * sin(theta), r - r * cos(theta), 0.02]),
            "wheel")
        // Time machine with --tilt 0.5 --spacing 2, and linear with --spacing 1.5.
        let machine = CarouselLayout(type: .timeMachine, spacing: 2, tilt: 0.5)
        expectMatrix(
            machine.transform(forOffset: -1, count: 10, viewport: viewport),
            closedForm([[1, 0, 0], [0, 1, 0], [0, 0, 1]], [-100, 0, -400]), "time machine")
        let linear = CarouselLayout(type: .linear, itemSize: Size(width: 160, height: 90), spacing: 1.5)
        #expect(linear.transform(forOffset: 2, count: 10, viewport: viewport).m41 == 2 * 160 * 1.5)
    }

    @Test func circularCountAndTheComputedDefaults() {
        // min(n, trunc(min(30, max(12, ⌈L/(σ·w)⌉·π)))), §3: 375 → 12, 1024 → 6π = 18.85 → 18, 1801 → 30.
        let rotary = CarouselLayout(type: .rotary)
        #expect(rotary.circularCount(count: 40, viewport: Size(width: 375, height: 200)) == 12)
        #expect(rotary.circularCount(count: 40, viewport: Size(width: 1024, height: 200)) == 18)
        #expect(rotary.circularCount(count: 40, viewport: Size(width: 1801, height: 200)) == 30)
        #expect(rotary.circularCount(count: 10, viewport: Size(width: 1801, height: 200)) == 10)
        // Vertical reads the height; a user's count is not clamped to n or 30; linear ignores it.
        #expect(CarouselLayout(type: .wheel, vertical: true).circularCount(count: 40, viewport: viewport) == 12)
        #expect(CarouselLayout(type: .cylinder, circularCount: 50).circularCount(count: 10, viewport: viewport) == 50)
        #expect(CarouselLayout(type: .linear, circularCount: 5).circularCount(count: 10, viewport: viewport) == 10)
        // Radii for N_c = 10 (§9): 100/tan(π/10), the same capped below by 0.01 for the cylinder,
        // 2000/(2π) for the wheel; rotary's is at least w·σ/2 (N_c = 3: 100/tan(π/3) = 57.7 < 100).
        #expect(close(rotary.radius(circularCount: 10) ?? 0, 307.7683537175254))
        #expect(close(rotary.radius(circularCount: 3) ?? 0, 100))
        #expect(close(CarouselLayout(type: .cylinder).radius(circularCount: 3) ?? 0, 100 / tan(Double.pi / 3)))
        #expect(close(CarouselLayout(type: .wheel).radius(circularCount: 10) ?? 0, 2000 / (2 * Double.pi)))
        #expect(CarouselLayout(type: .coverflow).radius(circularCount: 10) == nil)
        // Angles: rotary per item (o/N_c)·A; wheel the step A/N_c.
        #expect(close(rotary.angle(forOffset: 0.7, circularCount: 10) ?? 0, 0.439822971502571))
        #expect(close(CarouselLayout(type: .wheel).angle(forOffset: 0.7, circularCount: 10) ?? 0, 0.6283185307179586))
    }

    @Test func timeMachinesFadeOnOneSide() {
        // fadeMax 0, range 1, min alpha 0: 1 − min(o, 1).
        let machine = CarouselLayout(type: .timeMachine)
        #expect(machine.alpha(forOffset: -3) == 1 && machine.alpha(forOffset: 0) == 1)
        #expect(
            machine.alpha(forOffset: 0.25) == 0.75 && machine.alpha(forOffset: 1) == 0
                && machine.alpha(forOffset: 1.7) == 0)
        let inverted = CarouselLayout(type: .invertedTimeMachine)
        #expect(inverted.alpha(forOffset: 3) == 1 && inverted.alpha(forOffset: -0.25) == 0.75)
        #expect(inverted.alpha(forOffset: -1) == 0)
        for type in CarouselType.allCases where type != .timeMachine && type != .invertedTimeMachine {
            #expect(CarouselLayout(type: type).alpha(forOffset: 7.5) == 1)
        }
    }

    @Test func fadeOptions() {
        // fadeMin −1, fadeMax 1, range 2, min alpha 0.2: o = 2 is 1 beyond → 1 − (1/2)·0.8 = 0.6;
        // o = −4 is 3 beyond, capped at the range → 0.2.
        let layout = CarouselLayout(type: .linear, fadeMin: -1, fadeMax: 1, fadeRange: 2, fadeMinAlpha: 0.2)
        #expect(close(layout.alpha(forOffset: 2), 1 - 0.5 * 0.8))
        #expect(close(layout.alpha(forOffset: -4), 0.2))
        #expect(layout.alpha(forOffset: 0.5) == 1)
    }

    @Test func invalidOptionsNameTheirParameter() {
        #expect(throws: LayoutError.notPositive(.fadeRange, 0)) {
            try CarouselLayout(type: .linear, fadeRange: 0).validate()
        }
        #expect(throws: LayoutError.notPositive(.arc, 0)) { try CarouselLayout(type: .rotary, arc: 0).validate() }
        #expect(throws: LayoutError.outOfRange(.circularCount, 0, allowed: 1...10_000)) {
            try CarouselLayout(type: .wheel, circularCount: 0).validate()
        }
        #expect(throws: LayoutError.outOfRange(.fadeMinAlpha, 1.5, allowed: 0...1)) {
            try CarouselLayout(type: .linear, fadeMinAlpha: 1.5).validate()
        }
        #expect(throws: LayoutError.notFinite(.perspective, .infinity)) {
            try CarouselLayout(type: .linear, perspective: .infinity).validate()
        }
        #expect(throws: LayoutError.outOfRange(.itemSize, 0, allowed: 0.001...1_000_000)) {
            try CarouselLayout(type: .linear, itemSize: Size(width: 0, height: 10)).validate()
        }
        #expect(throws: Never.self) { try CarouselLayout(type: .coverflow, spacing: 0).validate() }
    }
}
