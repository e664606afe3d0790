/// What `StreamingDiff` runs on a band of rows once both images have decoded it: pixelmatch's
/// kernel, or ΔE94's. Both read input row y at row `y & rowMask` of their rings.
protocol BandComparison: Sendable {
    func compareRows(_ rows: Range<Int>) -> Pixelmatch.Result
}

extension PixelmatchKernel: BandComparison {}
