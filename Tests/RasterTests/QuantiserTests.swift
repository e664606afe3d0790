import TestSupport
import Testing

@testable import Raster

/// The SSE2 quantiser gives exactly the rule written out one channel at a time in Swift.
@Suite struct QuantiserTests {
    /// The rule, as plainly as Swift says it.
    static func reference(_ p: SIMD4<Float>) -> [UInt8] {
        func byte(_ value: Float) -> UInt8 { UInt8(Int32(Swift.min(Swift.max(value, 0), 255) + 0.5)) }
        guard p.w >= 0.5 else { return [0, 0, 0, 0] }
        let straight = p.w == 255 ? p : p * (255 / p.w)
        return [byte(straight.x), byte(straight.y), byte(straight.z), byte(p.w)]
    }

    static func quantised(_ pixels: [SIMD4<Float>]) -> [UInt8] {
        var bytes = [UInt8](repeating: 0xAB, count: pixels.count * 4)
        pixels.withUnsafeBufferPointer { source in
            bytes.withUnsafeMutableBufferPointer { Quantiser.quantise(source, into: $0) }
        }
        return bytes
    }

    @Test func edgeValuesMatchTheRule() {
        // Alphas around the transparent cut-off and opaque, colours at every rounding edge, below
        // zero and above alpha.
        let alphas: [Float] = [
            0, 0.25, 0.4999, 0.5, 0.5001, 1, 2.5, 127.5, 128, 254.49, 254.5, 254.99, 255, 255.01, 300,
        ]
        let colours: [Float] = [-5, -0.0, 0, 0.4999, 0.5, 1.5, 2.5, 100.5, 127.5, 254.5, 255, 255.4, 256, 1e9]
        var pixels: [SIMD4<Float>] = []
        for a in alphas {
            for c in colours { pixels.append(SIMD4(c, a / 2, min(c, a), a)) }
        }
        #expect(Self.quantised(pixels) == pixels.flatMap(Self.reference))
    }

    @Test(arguments: [0, 1, 3, 4, 5, 1001])
    func randomPixelsMatchTheRuleWhateverTheCount(count: Int) {
        var generator = SplitMix(seed: UInt64(count) + 7)
        let pixels = (0..<count).map { i -> SIMD4<Float> in
            // Runs of opaque pixels (the usual case, four at a time on the fast path) between any
            // alphas; colour premultiplied, with some overshoot.
            let a: Float = i % 8 < 5 ? 255 : Float.random(in: -2...257, using: &generator)
            return SIMD4(
                Float.random(in: -3...(max(a, 0) + 3), using: &generator),
                Float.random(in: 0...max(a, 0), using: &generator),
                Float.random(in: -1...260, using: &generator), a)
        }
        #expect(Self.quantised(pixels) == pixels.flatMap(Self.reference))
    }
}
