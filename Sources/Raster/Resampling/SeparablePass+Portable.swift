extension SeparablePass {
    /// The pass on Swift's four-lane SIMD, on any CPU; the same bits as the AVX loops.
    func runPortable(_ image: UnsafeBufferPointer<UInt8>, into target: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        guard let source = image.baseAddress, let output = target.baseAddress, horizontal.outputs > 0,
            vertical.outputs > 0
        else { return }
        horizontal.firsts.withUnsafeBufferPointer { firsts in
            horizontal.weights.withUnsafeBufferPointer { hWeights in
                vertical.indices.withUnsafeBufferPointer { vIndices in
                    vertical.weights.withUnsafeBufferPointer { vWeights in
                        guard let firsts = firsts.baseAddress, let hWeights = hWeights.baseAddress,
                            let vIndices = vIndices.baseAddress, let vWeights = vWeights.baseAddress
                        else { return }
                        let kernel = PortableKernel(pass: self, source: source, firsts: firsts, hWeights: hWeights)
                        defer { kernel.deallocate() }
                        for o in 0..<vertical.outputs {
                            kernel.outputRow(o, indices: vIndices, weights: vWeights, into: output)
                        }
                    }
                }
            }
        }
    }
}

/// The portable pass's buffers and its two loops: a source row filtered horizontally into the ring,
/// and an output row combined vertically from the ring. Every sum runs in tap order from zero, four
/// outputs side by side. The loops index with wrapping arithmetic: every index is bounded by the
/// buffers' sizes, and the overflow checks would otherwise sit in the innermost loops.
private struct PortableKernel {
    let pass: SeparablePass
    let source: UnsafePointer<UInt8>
    let firsts: UnsafePointer<Int>
    let hWeights: UnsafePointer<Float>
    let outWidth: Int, taps: Int, ringRows: Int
    /// Every tap of a row reads row[first − lowest + t]: the source span, edge pixels repeated.
    let lowest: Int
    let row: UnsafeMutablePointer<SIMD4<Float>>
    let ring: UnsafeMutablePointer<SIMD4<Float>>
    /// The source row each ring slot holds, −1 for none.
    let ringSourceRow: UnsafeMutableBufferPointer<Int>
    let tapFrom: UnsafeMutablePointer<Int>
    let tapWeight: UnsafeMutablePointer<Float>

    init(pass: SeparablePass, source: UnsafePointer<UInt8>, firsts: UnsafePointer<Int>, hWeights: UnsafePointer<Float>)
    {
        self.pass = pass
        self.source = source
        self.firsts = firsts
        self.hWeights = hWeights
        outWidth = pass.horizontal.outputs
        taps = pass.horizontal.taps
        ringRows = pass.vertical.taps
        lowest = pass.horizontal.firsts.min() ?? 0
        let span = (pass.horizontal.firsts.max() ?? 0) + taps - lowest
        row = .allocate(capacity: span)
        ring = .allocate(capacity: ringRows * outWidth)
        ringSourceRow = .allocate(capacity: ringRows)
        ringSourceRow.initialize(repeating: -1)
        tapFrom = .allocate(capacity: ringRows)
        tapWeight = .allocate(capacity: ringRows)
    }

    func deallocate() {
        row.deallocate()
        ring.deallocate()
        ringSourceRow.deallocate()
        tapFrom.deallocate()
        tapWeight.deallocate()
    }

    /// Filters source row `sourceRow` horizontally into ring slot `slot`, in the columns its output
    /// rows show.
    func filterRow(_ sourceRow: Int, into slot: Int) {
        let columns = pass.spans.source(row: sourceRow)
        guard !columns.isEmpty else { return }
        let base = source + ((sourceRow - pass.originY) * pass.imageWidth - pass.originX) * 4
        let last = pass.sourceWidth - 1
        let from = firsts[columns.lowerBound] &- lowest
        let to = firsts[columns.upperBound &- 1] &- lowest &+ taps
        for i in from..<to {
            let p = base + min(max(lowest &+ i, 0), last) &* 4
            let rgba = SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
            // Opaque pixels (the usual case) need no multiply.
            row[i] = rgba.w == 255 ? rgba : rgba * SIMD4(rgba.w / 255, rgba.w / 255, rgba.w / 255, 1)
        }
        let out = ring + slot &* outWidth
        var o = columns.lowerBound
        while o &+ 4 <= columns.upperBound {
            let r0 = row + (firsts[o] &- lowest), r1 = row + (firsts[o &+ 1] &- lowest)
            let r2 = row + (firsts[o &+ 2] &- lowest), r3 = row + (firsts[o &+ 3] &- lowest)
            let w0 = hWeights + o &* taps, w1 = w0 + taps, w2 = w1 + taps, w3 = w2 + taps
            var s0 = SIMD4<Float>.zero, s1 = s0, s2 = s0, s3 = s0
            for t in 0..<taps {
                s0 += r0[t] * w0[t]
                s1 += r1[t] * w1[t]
                s2 += r2[t] * w2[t]
                s3 += r3[t] * w3[t]
            }
            out[o] = s0
            out[o &+ 1] = s1
            out[o &+ 2] = s2
            out[o &+ 3] = s3
            o &+= 4
        }
        while o < columns.upperBound {
            let r = row + (firsts[o] &- lowest), w = hWeights + o &* taps
            var sum = SIMD4<Float>.zero
            for t in 0..<taps { sum += r[t] * w[t] }
            out[o] = sum
            o &+= 1
        }
    }

    /// Output row `o`: its nonzero taps' source rows filtered into the ring when not there yet, then
    /// combined in the columns it shows.
    func outputRow(
        _ o: Int, indices: UnsafePointer<Int32>, weights: UnsafePointer<Float>,
        into output: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        let columns = pass.spans.output[o]
        if columns.isEmpty { return }
        var count = 0
        for t in 0..<ringRows {
            let weight = weights[o &* ringRows &+ t]
            if weight == 0 { continue }
            let sourceRow = Int(indices[o &* ringRows &+ t]), slot = sourceRow % ringRows
            if ringSourceRow[slot] != sourceRow {
                filterRow(sourceRow, into: slot)
                ringSourceRow[slot] = sourceRow
            }
            tapFrom[count] = slot &* outWidth
            tapWeight[count] = weight
            count &+= 1
        }
        let out = output + o &* outWidth
        var x = columns.lowerBound
        while x &+ 4 <= columns.upperBound {
            var s0 = SIMD4<Float>.zero, s1 = s0, s2 = s0, s3 = s0
            for k in 0..<count {
                let from = ring + (tapFrom[k] &+ x), weight = tapWeight[k]
                s0 += from[0] * weight
                s1 += from[1] * weight
                s2 += from[2] * weight
                s3 += from[3] * weight
            }
            out[x] = s0
            out[x &+ 1] = s1
            out[x &+ 2] = s2
            out[x &+ 3] = s3
            x &+= 4
        }
        while x < columns.upperBound {
            var sum = SIMD4<Float>.zero
            for k in 0..<count { sum += ring[tapFrom[k] &+ x] * tapWeight[k] }
            out[x] = sum
            x &+= 1
        }
    }
}
