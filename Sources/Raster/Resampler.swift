import ImageCodecs

/// Separable resampling of a photo onto part of the frame's pixel grid, on **premultiplied** alpha
/// in Float. The photo may land at any fractional position and size; only the requested output
/// pixels are computed (what the viewport and the item's bounds show), from only the source rows and
/// columns their filter taps reach.
public struct Resampler: Sendable, Hashable {
    public var filter: ResamplingFilter

    public init(filter: ResamplingFilter = .lanczos3) { self.filter = filter }

    /// The photo `image`, placed at `placement` (frame pixels), sampled at the frame pixels
    /// `columns` × `rows`. Returns premultiplied pixels on the 0…255 scale, row-major.
    public func resample(_ image: RGBAImage, placement: PixelRect, columns: Range<Int>, rows: Range<Int>)
        -> [SIMD4<Float>]
    {
        resample(PhotoPart(whole: image), placement: placement, columns: columns, rows: rows) ?? []
    }

    /// The pixels of the whole photo `part` belongs to, which reads only `part`'s pixels: what
    /// `sourceRegion` says these output pixels need. Nil when `part` does not hold all of them.
    public func resample(_ part: PhotoPart, placement: PixelRect, columns: Range<Int>, rows: Range<Int>)
        -> [SIMD4<Float>]?
    {
        let size = part.wholeSize
        guard !columns.isEmpty, !rows.isEmpty, size.width > 0, size.height > 0 else { return [] }
        let (horizontal, vertical) = weights(size, placement: placement, columns: columns, rows: rows)
        guard part.region.contains(Self.region(horizontal, vertical)),
            part.image.width == part.region.x.count, part.image.height == part.region.y.count
        else { return nil }
        let image = part.image
        let (originX, originY) = (part.region.x.lowerBound, part.region.y.lowerBound)
        let sourceColumns = horizontal.sourceRange
        let outWidth = columns.count, taps = horizontal.taps, ringRows = vertical.taps

        // The vertical taps of one output row span at most `ringRows` consecutive source rows, and
        // that window only moves down: horizontally filtered rows live in a ring of that many rows,
        // each computed once, instead of a whole intermediate image.
        var ring = [SIMD4<Float>](repeating: .zero, count: ringRows * outWidth)
        var ringSourceRow = [Int](repeating: -1, count: ringRows)
        var premultiplied = [SIMD4<Float>](repeating: .zero, count: size.width)
        var output = [SIMD4<Float>](repeating: .zero, count: rows.count * outWidth)
        image.pixels.withUnsafeBufferPointer { source in
            ring.withUnsafeMutableBufferPointer { ring in
                premultiplied.withUnsafeMutableBufferPointer { row in
                    output.withUnsafeMutableBufferPointer { target in
                        horizontal.indices.withUnsafeBufferPointer { hIndices in
                            horizontal.weights.withUnsafeBufferPointer { hWeights in
                                vertical.indices.withUnsafeBufferPointer { vIndices in
                                    vertical.weights.withUnsafeBufferPointer { vWeights in
                                        /// Filters source row `sourceRow` horizontally into ring slot `slot`.
                                        func filterRow(_ sourceRow: Int, into slot: Int) {
                                            let base = ((sourceRow - originY) * image.width - originX) * 4
                                            for x in sourceColumns {
                                                let p = base + x * 4
                                                let rgba = SIMD4<Float>(
                                                    Float(source[p]), Float(source[p + 1]), Float(source[p + 2]),
                                                    Float(source[p + 3]))
                                                // Opaque pixels (the usual case) need no multiply.
                                                row[x] =
                                                    rgba.w == 255
                                                    ? rgba : rgba * SIMD4(rgba.w / 255, rgba.w / 255, rgba.w / 255, 1)
                                            }
                                            let out = slot * outWidth
                                            /// Output pixel o's taps, summed in tap order.
                                            @inline(__always) func tapSum(_ o: Int) -> SIMD4<Float> {
                                                var sum = SIMD4<Float>.zero
                                                let tapBase = o * taps
                                                for t in 0..<taps {
                                                    sum += row[Int(hIndices[tapBase + t])] * hWeights[tapBase + t]
                                                }
                                                return sum
                                            }
                                            // Four outputs at once: four independent sums keep the adder busy
                                            // (one sum waits on its own latency every tap), each in the same
                                            // order as alone, so the result is bit-identical.
                                            var o = 0
                                            while o + 4 <= outWidth {
                                                var s0 = SIMD4<Float>.zero, s1 = s0, s2 = s0, s3 = s0
                                                let b0 = o * taps, b1 = b0 + taps, b2 = b1 + taps, b3 = b2 + taps
                                                for t in 0..<taps {
                                                    s0 += row[Int(hIndices[b0 + t])] * hWeights[b0 + t]
                                                    s1 += row[Int(hIndices[b1 + t])] * hWeights[b1 + t]
                                                    s2 += row[Int(hIndices[b2 + t])] * hWeights[b2 + t]
                                                    s3 += row[Int(hIndices[b3 + t])] * hWeights[b3 + t]
                                                }
                                                ring[out + o] = s0
                                                ring[out + o + 1] = s1
                                                ring[out + o + 2] = s2
                                                ring[out + o + 3] = s3
                                                o += 4
                                            }
                                            while o < outWidth {
                                                ring[out + o] = tapSum(o)
                                                o += 1
                                            }
                                        }
                                        for o in 0..<rows.count {
                                            let tapBase = o * ringRows, out = o * outWidth
                                            for t in 0..<ringRows {
                                                let weight = vWeights[tapBase + t]
                                                if weight == 0 { continue }
                                                let sourceRow = Int(vIndices[tapBase + t]), slot = sourceRow % ringRows
                                                if ringSourceRow[slot] != sourceRow {
                                                    filterRow(sourceRow, into: slot)
                                                    ringSourceRow[slot] = sourceRow
                                                }
                                                let from = slot * outWidth
                                                for x in 0..<outWidth { target[out + x] += ring[from + x] * weight }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return output
    }

    /// The pixels of a `size` photo placed at `placement` that the output pixels `columns` × `rows`
    /// read: decoding only these gives the same frame.
    public func sourceRegion(of size: PixelSize, placement: PixelRect, columns: Range<Int>, rows: Range<Int>)
        -> ImageRegion
    {
        guard !columns.isEmpty, !rows.isEmpty, size.width > 0, size.height > 0 else {
            return ImageRegion(x: 0..<0, y: 0..<0)
        }
        let (horizontal, vertical) = weights(size, placement: placement, columns: columns, rows: rows)
        return Self.region(horizontal, vertical)
    }

    private func weights(_ size: PixelSize, placement: PixelRect, columns: Range<Int>, rows: Range<Int>)
        -> (AxisWeights, AxisWeights)
    {
        let horizontal = AxisWeights(
            outputStart: columns.lowerBound, outputs: columns.count, origin: placement.x,
            scale: placement.width / Double(size.width), sourceLength: size.width, filter: filter)
        let vertical = AxisWeights(
            outputStart: rows.lowerBound, outputs: rows.count, origin: placement.y,
            scale: placement.height / Double(size.height), sourceLength: size.height, filter: filter)
        return (horizontal, vertical)
    }

    private static func region(_ horizontal: AxisWeights, _ vertical: AxisWeights) -> ImageRegion {
        let (x, y) = (horizontal.sourceRange, vertical.sourceRange)
        return ImageRegion(x: x.lowerBound..<x.upperBound + 1, y: y.lowerBound..<y.upperBound + 1)
    }
}
