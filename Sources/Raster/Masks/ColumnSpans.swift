/// Which columns of each row a resampling computes: per output row, those the item's shape shows
/// (the rest is never painted); per source row, the union over the output rows whose nonzero taps
/// read it — all the horizontal pass must filter for them.
struct ColumnSpans {
    /// Per output row, columns counted from the first output column.
    let output: [Range<Int>]
    private let source: [Range<Int>]
    private let firstRow: Int

    /// `output` nil: every column of every row.
    init(output: [Range<Int>]?, width: Int, vertical: AxisWeights) {
        let output = output ?? Array(repeating: 0..<width, count: vertical.outputs)
        let firstRow = Int(vertical.indices.min() ?? 0), lastRow = Int(vertical.indices.max() ?? 0)
        var lower = [Int](repeating: Int.max, count: lastRow - firstRow + 1)
        var upper = [Int](repeating: Int.min, count: lastRow - firstRow + 1)
        let taps = vertical.taps
        for o in 0..<min(vertical.outputs, output.count) where !output[o].isEmpty {
            for t in 0..<taps where vertical.weights[o * taps + t] != 0 {
                let r = Int(vertical.indices[o * taps + t]) - firstRow
                lower[r] = min(lower[r], output[o].lowerBound)
                upper[r] = max(upper[r], output[o].upperBound)
            }
        }
        self.output = output
        self.source = zip(lower, upper).map { $0 < $1 ? $0..<$1 : 0..<0 }
        self.firstRow = firstRow
    }

    /// The columns source row `row` is filtered for (empty: none).
    func source(row: Int) -> Range<Int> {
        let r = row - firstRow
        return r >= 0 && r < source.count ? source[r] : 0..<0
    }
}
