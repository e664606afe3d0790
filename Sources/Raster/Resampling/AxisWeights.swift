/// The filter taps along one axis: for each output pixel, `taps` source indices (clamped to the
/// image, so edges extend) and their weights, normalised to sum to exactly 1 in Float.
struct AxisWeights {
    /// Source index of each tap, `outputs × taps`, row-major.
    let indices: [Int32]
    /// Weight of each tap, same layout; zero-padded.
    let weights: [Float]
    /// Source index of each output's first tap before clamping: its taps are `first ..< first + taps`,
    /// each clamped to the image (the edge pixel repeats).
    let firsts: [Int]
    let taps: Int
    let outputs: Int

    /// Output pixel o (0-based from `outputStart`) samples the source around
    /// u = (outputStart + o + 0.5 − origin) / scale, where `origin` is where source coordinate 0 lands
    /// and `scale` is output pixels per source pixel.
    init(outputStart: Int, outputs: Int, origin: Double, scale: Double, sourceLength: Int, filter: ResamplingFilter) {
        let (stretch, support, taps) = Self.kernel(scale: scale, sourceLength: sourceLength, filter: filter)
        var indices = [Int32](repeating: 0, count: outputs * taps)
        var weights = [Float](repeating: 0, count: outputs * taps)
        var raw = [Double](repeating: 0, count: taps)
        var firsts = [Int](repeating: 0, count: outputs)
        for o in 0..<outputs {
            let center = (Double(outputStart + o) + 0.5 - origin) / scale
            let first = Self.firstTap(center: center, support: support)
            firsts[o] = first
            var total = 0.0
            for t in 0..<taps {
                let w = filter.weight((Double(first + t) + 0.5 - center) / stretch)
                raw[t] = w
                total += w
            }
            for t in 0..<taps {
                indices[o * taps + t] = Int32(min(max(first + t, 0), sourceLength - 1))
                weights[o * taps + t] = Float(total != 0 ? raw[t] / total : (t == 0 ? 1 : 0))
            }
        }
        self.indices = indices
        self.weights = weights
        self.firsts = firsts
        self.taps = taps
        self.outputs = outputs
    }

    /// The kernel for a reduction: widened when minifying (past the whole source it would only re-read
    /// clamped pixels), its half-width in source pixels, and its taps.
    private static func kernel(scale: Double, sourceLength: Int, filter: ResamplingFilter)
        -> (stretch: Double, support: Double, taps: Int)
    {
        let stretch = min(max(1, 1 / scale), Double(sourceLength))
        let support = filter.radius * stretch
        return (stretch, support, Int((2 * support).rounded(.up)) + 1)
    }

    private static func firstTap(center: Double, support: Double) -> Int { Int((center - support - 0.5).rounded(.up)) }

    /// `sourceRange` of the weights these arguments would give, without computing them: first taps
    /// only grow with the output index, so the first output's first tap and the last output's last
    /// tap bound them (the tests hold this to the full computation).
    static func sourceRange(
        outputStart: Int, outputs: Int, origin: Double, scale: Double, sourceLength: Int, filter: ResamplingFilter
    ) -> ClosedRange<Int> {
        let (_, support, taps) = kernel(scale: scale, sourceLength: sourceLength, filter: filter)
        let first = firstTap(center: (Double(outputStart) + 0.5 - origin) / scale, support: support)
        let last = firstTap(center: (Double(outputStart + outputs - 1) + 0.5 - origin) / scale, support: support)
        return min(max(first, 0), sourceLength - 1)...min(max(last + taps - 1, 0), sourceLength - 1)
    }

    /// The smallest and largest source index any tap reads.
    var sourceRange: ClosedRange<Int> {
        let lower = indices.min().map(Int.init) ?? 0
        let upper = indices.max().map(Int.init) ?? 0
        return lower...upper
    }
}
