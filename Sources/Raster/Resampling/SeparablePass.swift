import CRaster

/// The work of one resampling: source rows filtered horizontally into a ring of as many rows as the
/// vertical filter has taps (each row once, as the window moves down), then combined vertically into
/// output rows, each only in the columns `spans` asks for. Every sum runs in tap order from zero, four outputs side by side so the adder never
/// waits on one sum's latency; the result is the same bits as one output at a time.
struct SeparablePass {
    let horizontal: AxisWeights
    let vertical: AxisWeights
    /// The source: `image`'s pixels (8-bit straight RGBA, `imageWidth` wide) are the photo's pixels
    /// from (`originX`, `originY`); `sourceWidth` is the whole photo's width, where taps clamp.
    let imageWidth: Int
    let originX: Int
    let originY: Int
    let sourceWidth: Int
    /// The columns to compute per output row, and hence per source row.
    let spans: ColumnSpans

    /// Which loops run the pass; both give the same bits.
    enum Kernels {
        /// Swift's four-lane SIMD, on any CPU.
        case portable
        /// Eight lanes in CRaster: two source rows at once horizontally, two pixels vertically.
        case avx

        /// AVX where this CPU has it.
        static let best: Kernels = gr_cpu_has_avx() != 0 ? .avx : .portable
    }

    func run(
        _ image: UnsafeBufferPointer<UInt8>, into target: UnsafeMutableBufferPointer<SIMD4<Float>>, kernels: Kernels
    ) {
        switch kernels {
        case .portable: runPortable(image, into: target)
        case .avx: runAVX(image, into: target)
        }
    }

    private func runPortable(_ image: UnsafeBufferPointer<UInt8>, into target: UnsafeMutableBufferPointer<SIMD4<Float>>)
    {
        let outWidth = horizontal.outputs, taps = horizontal.taps, ringRows = vertical.taps
        guard let source = image.baseAddress, let output = target.baseAddress, outWidth > 0, vertical.outputs > 0
        else { return }
        // Every tap of a row reads row[first − lowest + t]: the source span, edge pixels repeated.
        let lowest = horizontal.firsts.min() ?? 0
        let span = (horizontal.firsts.max() ?? 0) + taps - lowest
        let row = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: span)
        let ring = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: ringRows * outWidth)
        let ringSourceRow = UnsafeMutableBufferPointer<Int>.allocate(capacity: ringRows)
        let tapFrom = UnsafeMutablePointer<Int>.allocate(capacity: ringRows)
        let tapWeight = UnsafeMutablePointer<Float>.allocate(capacity: ringRows)
        defer {
            row.deallocate()
            ring.deallocate()
            ringSourceRow.deallocate()
            tapFrom.deallocate()
            tapWeight.deallocate()
        }
        ringSourceRow.initialize(repeating: -1)
        // The loops below index with wrapping arithmetic: every index is bounded by the buffers'
        // sizes above, and the overflow checks would otherwise sit in the innermost loops.
        let firsts = horizontal.firsts, hWeights = horizontal.weights
        let vIndices = vertical.indices, vWeights = vertical.weights
        firsts.withUnsafeBufferPointer { firsts in
            hWeights.withUnsafeBufferPointer { hWeights in
                vIndices.withUnsafeBufferPointer { vIndices in
                    vWeights.withUnsafeBufferPointer { vWeights in
                        guard let firsts = firsts.baseAddress, let hWeights = hWeights.baseAddress,
                            let vIndices = vIndices.baseAddress, let vWeights = vWeights.baseAddress
                        else { return }
                        /// Filters source row `sourceRow` horizontally into ring slot `slot`, in the
                        /// columns its output rows show.
                        func filterRow(_ sourceRow: Int, into slot: Int) {
                            let columns = spans.source(row: sourceRow)
                            guard !columns.isEmpty else { return }
                            let base = source + ((sourceRow - originY) * imageWidth - originX) * 4
                            let last = sourceWidth - 1
                            let from = firsts[columns.lowerBound] &- lowest
                            let to = firsts[columns.upperBound &- 1] &- lowest &+ taps
                            for i in from..<to {
                                let p = base + min(max(lowest &+ i, 0), last) &* 4
                                let rgba = SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
                                // Opaque pixels (the usual case) need no multiply.
                                row[i] =
                                    rgba.w == 255 ? rgba : rgba * SIMD4(rgba.w / 255, rgba.w / 255, rgba.w / 255, 1)
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

                        for o in 0..<vertical.outputs {
                            let columns = spans.output[o]
                            if columns.isEmpty { continue }
                            // This output row's nonzero taps, their rows filtered into the ring.
                            var count = 0
                            for t in 0..<ringRows {
                                let weight = vWeights[o &* ringRows &+ t]
                                if weight == 0 { continue }
                                let sourceRow = Int(vIndices[o &* ringRows &+ t]), slot = sourceRow % ringRows
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
                }
            }
        }
    }
}
