import GalleryCore

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
        throws(OutOfMemory) -> [SIMD4<Float>]
    {
        try resample(PhotoPart(whole: image), placement: placement, columns: columns, rows: rows) ?? []
    }

    /// The pixels of the whole photo `part` belongs to, which reads only `part`'s pixels: what
    /// `sourceRegion` says these output pixels need. Nil when `part` does not hold all of them. With
    /// `spans` (frame columns, one range per row of `rows`), only those pixels of each row are
    /// computed, the same as without; the others stay zero. Throws when memory for the output cannot
    /// be had.
    public func resample(
        _ part: PhotoPart, placement: PixelRect, columns: Range<Int>, rows: Range<Int>, spans: [Range<Int>]? = nil
    ) throws(OutOfMemory) -> [SIMD4<Float>]? {
        try resample(part, placement: placement, columns: columns, rows: rows, spans: spans, kernels: .best)
    }

    /// `resample(_:placement:columns:rows:spans:)` on the given loops (tests compare them).
    func resample(
        _ part: PhotoPart, placement: PixelRect, columns: Range<Int>, rows: Range<Int>, spans: [Range<Int>]? = nil,
        kernels: SeparablePass.Kernels
    ) throws(OutOfMemory) -> [SIMD4<Float>]? {
        let size = part.wholeSize
        guard !columns.isEmpty, !rows.isEmpty, size.width > 0, size.height > 0 else { return [] }
        let (horizontal, vertical) = weights(size, placement: placement, columns: columns, rows: rows)
        guard part.region.contains(Self.region(horizontal, vertical)),
            part.image.width == part.region.x.count, part.image.height == part.region.y.count
        else { return nil }
        let count = rows.count * columns.count
        // The output, and the pass's ring of intermediate rows (at most one per source row read).
        let ring = (Self.region(horizontal, vertical).y.count + 8) * columns.count * MemoryLayout<SIMD4<Float>>.stride
        guard LargeArray.available(bytes: ring), var output = LargeArray.filled(SIMD4<Float>.zero, count: count)
        else { throw OutOfMemory(bytes: count * MemoryLayout<SIMD4<Float>>.stride + ring) }
        let relative = spans.map { spans in
            rows.indices.map { i -> Range<Int> in
                guard i - rows.lowerBound < spans.count else { return 0..<0 }
                let span = spans[i - rows.lowerBound].clamped(to: columns)
                return span.lowerBound - columns.lowerBound..<span.upperBound - columns.lowerBound
            }
        }
        let pass = SeparablePass(
            horizontal: horizontal, vertical: vertical, imageWidth: part.image.width,
            originX: part.region.x.lowerBound, originY: part.region.y.lowerBound, sourceWidth: size.width,
            spans: ColumnSpans(output: relative, width: columns.count, vertical: vertical))
        part.image.pixels.withUnsafeBufferPointer { image in
            output.withUnsafeMutableBufferPointer { pass.run(image, into: $0, kernels: kernels) }
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
        let x = AxisWeights.sourceRange(
            outputStart: columns.lowerBound, outputs: columns.count, origin: placement.x,
            scale: placement.width / Double(size.width), sourceLength: size.width, filter: filter)
        let y = AxisWeights.sourceRange(
            outputStart: rows.lowerBound, outputs: rows.count, origin: placement.y,
            scale: placement.height / Double(size.height), sourceLength: size.height, filter: filter)
        return ImageRegion(x: x.lowerBound..<x.upperBound + 1, y: y.lowerBound..<y.upperBound + 1)
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
