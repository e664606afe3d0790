/// The work of one resampling: source rows filtered horizontally into a ring of as many rows as the
/// vertical filter has taps (each row once, as the window moves down), then combined vertically into
/// output rows. Every sum runs in tap order from zero, four outputs side by side so the adder never
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

    func run(_ image: UnsafeBufferPointer<UInt8>, into target: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        let outWidth = horizontal.outputs, taps = horizontal.taps, ringRows = vertical.taps
        // Every tap of a row reads row[first − lowest + t]: the source span, edge pixels repeated.
        let lowest = horizontal.firsts.min() ?? 0
        let span = (horizontal.firsts.max() ?? 0) + taps - lowest
        let row = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: span)
        let ring = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: ringRows * outWidth)
        let ringSourceRow = UnsafeMutableBufferPointer<Int>.allocate(capacity: ringRows)
        let tapFrom = UnsafeMutableBufferPointer<Int>.allocate(capacity: ringRows)
        let tapWeight = UnsafeMutableBufferPointer<Float>.allocate(capacity: ringRows)
        defer {
            row.deallocate()
            ring.deallocate()
            ringSourceRow.deallocate()
            tapFrom.deallocate()
            tapWeight.deallocate()
        }
        ringSourceRow.initialize(repeating: -1)

        horizontal.firsts.withUnsafeBufferPointer { firsts in
            horizontal.weights.withUnsafeBufferPointer { hWeights in
                /// Filters source row `sourceRow` horizontally into ring slot `slot`.
                func filterRow(_ sourceRow: Int, into slot: Int) {
                    let base = ((sourceRow - originY) * imageWidth - originX) * 4
                    for i in 0..<span {
                        let p = base + min(max(lowest + i, 0), sourceWidth - 1) * 4
                        let rgba = SIMD4<Float>(
                            Float(image[p]), Float(image[p + 1]), Float(image[p + 2]), Float(image[p + 3]))
                        // Opaque pixels (the usual case) need no multiply.
                        row[i] = rgba.w == 255 ? rgba : rgba * SIMD4(rgba.w / 255, rgba.w / 255, rgba.w / 255, 1)
                    }
                    let out = slot * outWidth
                    var o = 0
                    while o + 4 <= outWidth {
                        let (r0, r1, r2, r3) = (
                            firsts[o] - lowest, firsts[o + 1] - lowest, firsts[o + 2] - lowest, firsts[o + 3] - lowest
                        )
                        let w0 = o * taps, w1 = w0 + taps, w2 = w1 + taps, w3 = w2 + taps
                        var s0 = SIMD4<Float>.zero, s1 = s0, s2 = s0, s3 = s0
                        for t in 0..<taps {
                            s0 += row[r0 + t] * hWeights[w0 + t]
                            s1 += row[r1 + t] * hWeights[w1 + t]
                            s2 += row[r2 + t] * hWeights[w2 + t]
                            s3 += row[r3 + t] * hWeights[w3 + t]
                        }
                        ring[out + o] = s0
                        ring[out + o + 1] = s1
                        ring[out + o + 2] = s2
                        ring[out + o + 3] = s3
                        o += 4
                    }
                    while o < outWidth {
                        let r = firsts[o] - lowest, w = o * taps
                        var sum = SIMD4<Float>.zero
                        for t in 0..<taps { sum += row[r + t] * hWeights[w + t] }
                        ring[out + o] = sum
                        o += 1
                    }
                }

                vertical.indices.withUnsafeBufferPointer { vIndices in
                    vertical.weights.withUnsafeBufferPointer { vWeights in
                        for o in 0..<vertical.outputs {
                            // This output row's nonzero taps, their rows filtered into the ring.
                            var count = 0
                            for t in 0..<ringRows {
                                let weight = vWeights[o * ringRows + t]
                                if weight == 0 { continue }
                                let sourceRow = Int(vIndices[o * ringRows + t]), slot = sourceRow % ringRows
                                if ringSourceRow[slot] != sourceRow {
                                    filterRow(sourceRow, into: slot)
                                    ringSourceRow[slot] = sourceRow
                                }
                                tapFrom[count] = slot * outWidth
                                tapWeight[count] = weight
                                count += 1
                            }
                            let out = o * outWidth
                            var x = 0
                            while x + 4 <= outWidth {
                                var s0 = SIMD4<Float>.zero, s1 = s0, s2 = s0, s3 = s0
                                for k in 0..<count {
                                    let from = tapFrom[k] + x, weight = tapWeight[k]
                                    s0 += ring[from] * weight
                                    s1 += ring[from + 1] * weight
                                    s2 += ring[from + 2] * weight
                                    s3 += ring[from + 3] * weight
                                }
                                target[out + x] = s0
                                target[out + x + 1] = s1
                                target[out + x + 2] = s2
                                target[out + x + 3] = s3
                                x += 4
                            }
                            while x < outWidth {
                                var sum = SIMD4<Float>.zero
                                for k in 0..<count { sum += ring[tapFrom[k] + x] * tapWeight[k] }
                                target[out + x] = sum
                                x += 1
                            }
                        }
                    }
                }
            }
        }
    }
}
