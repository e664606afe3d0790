import Foundation
import GalleryCore
import ImageCodecs
@testable import Raster
import TestSupport
import Testing

/// The source pixels a resampling reads, worked out without its weights (for planning region
/// decodes), are exactly those the full filter reads.
@Suite struct SourceRangeTests {
    @Test func quickRangeEqualsTheFullFiltersRange() {
        var random = SplitMix(seed: 5)
        func uniform(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(random.next() % 1_000_000) / 1_000_000 * (range.upperBound - range.lowerBound)
        }
        for _ in 0..<2000 {
            let length = Int(random.next() % 3000) + 1
            let start = Int(random.next() % 700) - 200, outputs = Int(random.next() % 600) + 1
            let origin = uniform(-800...800), scale = uniform(0.001...4)
            let full = AxisWeights(
                outputStart: start, outputs: outputs, origin: origin, scale: scale, sourceLength: length,
                filter: .lanczos3)
            let quick = AxisWeights.sourceRange(
                outputStart: start, outputs: outputs, origin: origin, scale: scale, sourceLength: length,
                filter: .lanczos3)
            #expect(quick == full.sourceRange, "length \(length) start \(start) outputs \(outputs) scale \(scale)")
        }
    }
}
