import CRaster

extension SeparablePass {
    /// The pass on CRaster's AVX loops. Source rows are filtered in order as output rows first need
    /// them, two at a time (the second is always needed next), into a ring one row longer than the
    /// vertical filter so that the row filtered ahead never overwrites one still in use.
    func runAVX(_ image: UnsafeBufferPointer<UInt8>, into target: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        guard let source = image.baseAddress, let output = target.baseAddress, horizontal.outputs > 0,
            vertical.outputs > 0, let firstRow = vertical.indices.min().map(Int.init),
            let lastRow = vertical.indices.max().map(Int.init)
        else { return }
        let lowest = horizontal.firsts.min() ?? 0
        let firsts = horizontal.firsts.map { $0 - lowest }
        firsts.withUnsafeBufferPointer { firsts in
            horizontal.weights.withUnsafeBufferPointer { hWeights in
                vertical.indices.withUnsafeBufferPointer { vIndices in
                    vertical.weights.withUnsafeBufferPointer { vWeights in
                        guard let firsts = firsts.baseAddress, let hWeights = hWeights.baseAddress,
                            let vIndices = vIndices.baseAddress, let vWeights = vWeights.baseAddress
                        else { return }
                        let kernel = AVXKernel(
                            pass: self, source: source, lowest: lowest, firsts: firsts, hWeights: hWeights,
                            lastRow: lastRow)
                        defer { kernel.deallocate() }
                        var next = firstRow
                        for o in 0..<vertical.outputs {
                            let (count, highest) = kernel.collectTaps(
                                of: o, indices: vIndices, weights: vWeights, from: firstRow)
                            while next <= highest { next = kernel.filterPair(from: next) }
                            kernel.sum(row: o, taps: count, into: output)
                        }
                    }
                }
            }
        }
    }
}

/// The AVX pass's buffers and its three steps, each a CRaster call: two source rows expanded and
/// filtered horizontally into the ring, an output row's taps collected, and the ring rows summed.
private struct AVXKernel {
    let pass: SeparablePass
    let source: UnsafePointer<UInt8>
    let lowest: Int
    /// Each output column's first tap, relative to `lowest`.
    let firsts: UnsafePointer<Int>
    let hWeights: UnsafePointer<Float>
    let lastRow: Int
    let outWidth: Int, taps: Int, vTaps: Int, ringRows: Int
    let pair: UnsafeMutablePointer<Float>
    let ring: UnsafeMutableRawPointer
    let tapFrom: UnsafeMutablePointer<Int>
    let tapWeight: UnsafeMutablePointer<Float>

    init(
        pass: SeparablePass, source: UnsafePointer<UInt8>, lowest: Int, firsts: UnsafePointer<Int>,
        hWeights: UnsafePointer<Float>, lastRow: Int
    ) {
        self.pass = pass
        self.source = source
        self.lowest = lowest
        self.firsts = firsts
        self.hWeights = hWeights
        self.lastRow = lastRow
        outWidth = pass.horizontal.outputs
        taps = pass.horizontal.taps
        vTaps = pass.vertical.taps
        ringRows = vTaps + 1
        let span = (pass.horizontal.firsts.max() ?? 0) + taps - lowest
        pair = .allocate(capacity: span * 8)
        ring = .allocate(
            byteCount: ringRows * outWidth * MemoryLayout<SIMD4<Float>>.stride,
            alignment: MemoryLayout<SIMD4<Float>>.alignment)
        tapFrom = .allocate(capacity: vTaps)
        tapWeight = .allocate(capacity: vTaps)
    }

    func deallocate() {
        pair.deallocate()
        ring.deallocate()
        tapFrom.deallocate()
        tapWeight.deallocate()
    }

    private var floats: UnsafeMutablePointer<Float> { ring.assumingMemoryBound(to: Float.self) }

    /// Source row `row`'s first byte (the row lies in the decoded part: the taps read it).
    private func pixels(_ row: Int) -> UnsafePointer<UInt8> {
        source + ((row - pass.originY) * pass.imageWidth - pass.originX) * 4
    }

    private func slot(_ row: Int) -> UnsafeMutablePointer<Float> { floats + (row % ringRows) * outWidth * 4 }

    /// Output row `o`'s nonzero taps, in tap order, into `tapFrom` and `tapWeight`: how many, and the
    /// highest source row they read (at least `floor`).
    func collectTaps(of o: Int, indices: UnsafePointer<Int32>, weights: UnsafePointer<Float>, from floor: Int)
        -> (count: Int, highest: Int)
    {
        var count = 0, highest = floor
        for t in 0..<vTaps where weights[o * vTaps + t] != 0 {
            let row = Int(indices[o * vTaps + t])
            tapFrom[count] = (row % ringRows) * outWidth
            tapWeight[count] = weights[o * vTaps + t]
            highest = max(highest, row)
            count += 1
        }
        return (count, highest)
    }

    /// Filters source rows `next` and the one after it (unless `next` is the last) into the ring, in
    /// the columns either is filtered for; the next row to filter.
    func filterPair(from next: Int) -> Int {
        let second = next < lastRow ? next + 1 : next
        let (a, b) = (pass.spans.source(row: next), pass.spans.source(row: second))
        let columns =
            a.isEmpty ? b : b.isEmpty ? a : min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
        if !columns.isEmpty {
            let from = firsts[columns.lowerBound], to = firsts[columns.upperBound - 1] + taps
            gr_avx_expand_pair(
                pixels(next), pixels(second), lowest + from, to - from, pass.sourceWidth - 1, pair + 8 * from)
            gr_avx_filter_pair(
                pair, firsts + columns.lowerBound, hWeights + columns.lowerBound * taps, taps, columns.count,
                slot(next) + 4 * columns.lowerBound, second > next ? slot(second) + 4 * columns.lowerBound : nil)
        }
        return second + 1
    }

    /// Output row `o`: its `count` collected taps summed from the ring, in the columns it shows.
    func sum(row o: Int, taps count: Int, into output: UnsafeMutablePointer<SIMD4<Float>>) {
        let columns = pass.spans.output[o]
        guard !columns.isEmpty else { return }
        let out = UnsafeMutableRawPointer(output).assumingMemoryBound(to: Float.self)
        gr_avx_sum_rows(
            floats + 4 * columns.lowerBound, tapFrom, tapWeight, count, columns.count,
            out + (o * outWidth + columns.lowerBound) * 4)
    }
}
