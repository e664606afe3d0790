import Foundation
import GalleryCore
import Testing
import TestSupport

/// JSON numbers are written straight into bytes; they must be the text the Strings gave before:
/// `format` as Swift describes the value rounded to 10⁻⁶ (whole numbers without ".0"), `shortest`
/// as Swift describes it with a plain exponent. The references here are those String forms.
@Suite struct JSONNumberTests {
    /// The text `format` gave: Swift's description of the value rounded to 10⁻⁶.
    static func formatReference(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        guard abs(value) < 1e9 else { return "\(value)" }
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return "\(rounded)"
    }

    @Test func everyMillionthNearZeroIsWrittenAsSwiftDescribesIt() {
        // Where Swift switches between exponents and fixed point (10⁻⁴), both signs, every step.
        for millionths in -200_000...200_000 {
            let value = Double(millionths) / 1_000_000
            #expect(JSONValue.format(value) == Self.formatReference(value), "\(millionths)")
        }
    }

    @Test func randomValuesAreWrittenAsSwiftDescribesThem() {
        var random = SplitMix(seed: 53)
        for _ in 0..<200_000 {
            let value = Double.random(in: -1...1, using: &random) * pow(10, Double.random(in: -12...10, using: &random))
            #expect(JSONValue.format(value) == Self.formatReference(value), "\(value)")
        }
        for edge in [999_999_999.9999996, 999_999_999.999999, -999_999_999.9999994, 1e9, 2e9, 1e16, 0.5e-6, -0.5e-6] {
            #expect(JSONValue.format(edge) == Self.formatReference(edge), "\(edge)")
        }
    }

    @Test func shortestNumbersHavePlainExponents() {
        #expect(JSONValue.shortest(1e-7) == "1e-7")
        #expect(JSONValue.shortest(-2.5e-12) == "-2.5e-12")
        #expect(JSONValue.shortest(1e20) == "1e20")
        #expect(JSONValue.shortest(13.88888888888889) == "13.88888888888889")
        #expect(JSONValue.shortest(-0.0) == "0")
        #expect(JSONValue.shortest(120) == "120")
        #expect(JSONValue.shortest(.infinity) == "null")
        #expect(JSONValue.format(-0.0000004) == "0")
    }
}
