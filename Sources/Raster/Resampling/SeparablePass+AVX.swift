import CRaster

extension SeparablePass {
    /// The pass on CRaster's AVX loops. Source rows are filtered in order as output rows first need
    /// them, two at a time (the second is always needed next), into a ring one row longer than the
    /// vertical filter so that the row filtered ahead never overwrites one still in use.
    func runAVX(_ image: UnsafeBufferPointer<UInt8>, into target: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        let outWidth = horizontal.outputs, taps = horizontal.taps, vTaps = vertical.taps, ringRows = vTaps + 1
        guard let source = image.baseAddress, let output = target.baseAddress, outWidth > 0, vertical.outputs > 0,
            let firstRow = vertical.indices.min().map(Int.init), let lastRow = vertical.indices.max().map(Int.init)
        else { return }
        let lowest = horizontal.firsts.min() ?? 0
        let span = (horizontal.firsts.max() ?? 0) + taps - lowest
        let firsts = horizontal.firsts.map { $0 - lowest }
        let pair = UnsafeMutablePointer<Float>.allocate(capacity: span * 8)
        let ring = UnsafeMutableRawPointer.allocate(
            byteCount: ringRows * outWidth * MemoryLayout<SIMD4<Float>>.stride,
            alignment: MemoryLayout<SIMD4<Float>>.alignment)
        let tapFrom = UnsafeMutablePointer<Int>.allocate(capacity: vTaps)
        let tapWeight = UnsafeMutablePointer<Float>.allocate(capacity: vTaps)
        defer {
            pair.deallocate()
            ring.deallocate()
            tapFrom.deallocate()
            tapWeight.deallocate()
        }
        let floats = ring.assumingMemoryBound(to: Float.self)
        let out = UnsafeMutableRawPointer(output).assumingMemoryBound(to: Float.self)
        /// Source row `row`'s first byte (the row lies in the decoded part: the taps read it).
        func pixels(_ row: Int) -> UnsafePointer<UInt8> { source + ((row - originY) * imageWidth - originX) * 4 }
        func slot(_ row: Int) -> UnsafeMutablePointer<Float> { floats + (row % ringRows) * outWidth * 4 }

        firsts.withUnsafeBufferPointer { firsts in
            horizontal.weights.withUnsafeBufferPointer { hWeights in
                vertical.indices.withUnsafeBufferPointer { vIndices in
                    vertical.weights.withUnsafeBufferPointer { vWeights in
                        guard let firsts = firsts.baseAddress, let hWeights = hWeights.baseAddress else { return }
                        var next = firstRow
                        for o in 0..<vertical.outputs {
                            // This output row's nonzero taps, in tap order.
                            var count = 0, highest = firstRow
                            for t in 0..<vTaps where vWeights[o * vTaps + t] != 0 {
                                let row = Int(vIndices[o * vTaps + t])
                                tapFrom[count] = (row % ringRows) * outWidth
                                tapWeight[count] = vWeights[o * vTaps + t]
                                highest = max(highest, row)
                                count += 1
                            }
                            while next <= highest {
                                let second = next < lastRow ? next + 1 : next
                                // Both rows, in the columns either is filtered for.
                                let (a, b) = (spans.source(row: next), spans.source(row: second))
                                let columns =
                                    a.isEmpty
                                    ? b
                                    : b.isEmpty ? a : min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
                                if !columns.isEmpty {
                                    let from = firsts[columns.lowerBound], to = firsts[columns.upperBound - 1] + taps
                                    gr_avx_expand_pair(
                                        pixels(next), pixels(second), lowest + from, to - from, sourceWidth - 1,
                                        pair + 8 * from)
                                    gr_avx_filter_pair(
                                        pair, firsts + columns.lowerBound, hWeights + columns.lowerBound * taps, taps,
                                        columns.count, slot(next) + 4 * columns.lowerBound,
                                        second > next ? slot(second) + 4 * columns.lowerBound : nil)
                                }
                                next = second + 1
                            }
                            let columns = spans.output[o]
                            if !columns.isEmpty {
                                gr_avx_sum_rows(
                                    floats + 4 * columns.lowerBound, tapFrom, tapWeight, count, columns.count,
                                    out + (o * outWidth + columns.lowerBound) * 4)
                            }
                        }
                    }
                }
            }
        }
    }
}
