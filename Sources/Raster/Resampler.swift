import ImageCodecs

/// Separable resampling of a photo onto part of the frame's pixel grid, on **premultiplied** alpha
/// in Float. The photo may land at any fractional position and size; only the requested output
/// pixels are computed (what the viewport and the item's bounds show).
public struct Resampler: Sendable, Hashable {
    public var filter: ResamplingFilter

    public init(filter: ResamplingFilter = .lanczos3) { self.filter = filter }

    /// The photo `image`, placed at `placement` (frame pixels), sampled at the frame pixels
    /// `columns` × `rows`. Returns premultiplied pixels on the 0…255 scale, row-major.
    public func resample(_ image: RGBAImage, placement: PixelRect, columns: Range<Int>, rows: Range<Int>)
        -> [SIMD4<Float>]
    {
        guard !columns.isEmpty, !rows.isEmpty, image.width > 0, image.height > 0 else { return [] }
        let horizontal = AxisWeights(
            outputStart: columns.lowerBound, outputs: columns.count, origin: placement.x,
            scale: placement.width / Double(image.width), sourceLength: image.width, filter: filter)
        let vertical = AxisWeights(
            outputStart: rows.lowerBound, outputs: rows.count, origin: placement.y,
            scale: placement.height / Double(image.height), sourceLength: image.height, filter: filter)
        let sourceRows = vertical.sourceRange
        let outWidth = columns.count

        // Horizontal pass over just the source rows the vertical taps read.
        var intermediate = [SIMD4<Float>](repeating: .zero, count: sourceRows.count * outWidth)
        var row = [SIMD4<Float>](repeating: .zero, count: image.width)
        image.pixels.withUnsafeBufferPointer { source in
            intermediate.withUnsafeMutableBufferPointer { middle in
                row.withUnsafeMutableBufferPointer { premultiplied in
                    for (r, sourceRow) in sourceRows.enumerated() {
                        let base = sourceRow * image.width * 4
                        for x in 0..<image.width {
                            let p = base + x * 4
                            let alpha = Float(source[p + 3])
                            let rgb = SIMD4<Float>(Float(source[p]), Float(source[p + 1]), Float(source[p + 2]), 255)
                            premultiplied[x] = rgb * (alpha / 255)
                        }
                        for o in 0..<outWidth {
                            var sum = SIMD4<Float>.zero
                            let tapBase = o * horizontal.taps
                            for t in 0..<horizontal.taps {
                                sum += premultiplied[Int(horizontal.indices[tapBase + t])] * horizontal.weights[tapBase + t]
                            }
                            middle[r * outWidth + o] = sum
                        }
                    }
                }
            }
        }

        // Vertical pass.
        var output = [SIMD4<Float>](repeating: .zero, count: rows.count * outWidth)
        intermediate.withUnsafeBufferPointer { middle in
            output.withUnsafeMutableBufferPointer { target in
                for o in 0..<rows.count {
                    let tapBase = o * vertical.taps
                    for t in 0..<vertical.taps {
                        let weight = vertical.weights[tapBase + t]
                        if weight == 0 { continue }
                        let sourceRow = (Int(vertical.indices[tapBase + t]) - sourceRows.lowerBound) * outWidth
                        for x in 0..<outWidth { target[o * outWidth + x] += middle[sourceRow + x] * weight }
                    }
                }
            }
        }
        return output
    }
}
