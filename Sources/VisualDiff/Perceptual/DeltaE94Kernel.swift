import CPixelmatch

/// ΔE94 over borrowed rows, as `StreamingDiff` keeps them in its rings: each band's verdicts read
/// only its own rows. Unchecked Sendable (raw pointers); safe because the inputs are only read and
/// bands write disjoint rows of `output`.
struct DeltaE94Kernel: BandComparison, @unchecked Sendable {
    let measure: DeltaE94
    let expected: UnsafePointer<UInt8>
    let actual: UnsafePointer<UInt8>
    let width: Int
    let output: UnsafeMutablePointer<UInt8>?
    let rowMask: Int

    func compareRows(_ rows: Range<Int>) -> Pixelmatch.Result {
        let count = gr_delta_e94_rows(
            expected, actual, width, rows.lowerBound, rows.upperBound, rowMask, measure.maxDeltaE, output)
        return Pixelmatch.Result(diffPixels: Int(count), antiAliasedPixels: 0)
    }
}
