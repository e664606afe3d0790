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
        // Widen the kernel when minifying; past the whole source it only re-reads clamped pixels.
        let stretch = min(max(1, 1 / scale), Double(sourceLength))
        let support = filter.radius * stretch
        let taps = Int((2 * support).rounded(.up)) + 1
        var indices = [Int32](repeating: 0, count: outputs * taps)
        var weights = [Float](repeating: 0, count: outputs * taps)
        var raw = [Double](repeating: 0, count: taps)
        var firsts = [Int](repeating: 0, count: outputs)
        for o in 0..<outputs {
            let center = (Double(outputStart + o) + 0.5 - origin) / scale
            let first = Int((center - support - 0.5).rounded(.up))
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

    /// The smallest and largest source index any tap reads.
    var sourceRange: ClosedRange<Int> {
        let lower = indices.min().map(Int.init) ?? 0
        let upper = indices.max().map(Int.init) ?? 0
        return lower...upper
    }
}
