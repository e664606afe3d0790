import GalleryCore

/// Frame rows held as premultiplied Float pixels while items are painted onto them in several
/// rounds, for a frame whose items do not fit in memory all at once; then quantised. Each pixel sees
/// the same operations in the same order as in `Compositor`, so the bytes are the same.
public struct StripCanvas {
    /// The frame rows held.
    public let rows: Range<Int>
    public let width: Int
    private var pixels: [SIMD4<Float>]

    /// The rows `rows` of a `width`-wide frame, filled with `background`; nil when memory for them
    /// cannot be had.
    public init?(rows: Range<Int>, width: Int, background: Color) {
        guard let pixels = LargeArray.filled(background.premultiplied, count: rows.count * width) else { return nil }
        self.rows = rows
        self.width = width
        self.pixels = pixels
    }

    /// Calls `paint` for bands of the rows, on up to `jobs` threads; `pixels` holds exactly the band's
    /// rows, as `Compositor`'s paint closure is given them.
    public mutating func paint(
        jobs: Int, _ paint: (_ rows: Range<Int>, _ pixels: UnsafeMutableBufferPointer<SIMD4<Float>>) -> Void
    ) {
        let (rows, width) = (rows, width)
        pixels.withUnsafeMutableBufferPointer { buffer in
            let canvas = BandBuffer(buffer)
            RowBands.forEach(rows: rows.count, jobs: jobs) { band in
                paint(
                    rows.lowerBound + band.lowerBound..<rows.lowerBound + band.upperBound,
                    UnsafeMutableBufferPointer(
                        rebasing: canvas.buffer[band.lowerBound * width..<band.upperBound * width]))
            }
        }
    }

    /// Applies `backdrop` to the canvas, which must hold the whole `height`-row frame (a backdrop reads
    /// rows beyond its own), on up to `jobs` threads.
    public mutating func apply(_ backdrop: Backdrop, height: Int, jobs: Int) {
        guard rows == 0..<height else { return }
        let (width, height) = (width, height)
        pixels.withUnsafeMutableBufferPointer { backdrop.apply(to: $0, width: width, height: height, jobs: jobs) }
    }

    /// Quantises the rows into their place in `frame` (8-bit RGBA, `width` wide, from row 0).
    public func quantise(into frame: UnsafeMutableBufferPointer<UInt8>, jobs: Int) {
        let (rows, width) = (rows, width)
        let target = BandBuffer(frame)
        pixels.withUnsafeBufferPointer { pixels in
            let source = BandBuffer(reading: pixels)
            RowBands.forEach(rows: rows.count, jobs: jobs) { band in
                Quantiser.quantise(
                    UnsafeBufferPointer(rebasing: source.buffer[band.lowerBound * width..<band.upperBound * width]),
                    into: UnsafeMutableBufferPointer(
                        rebasing: target.buffer[
                            (rows.lowerBound + band.lowerBound) * width * 4..<(rows.lowerBound + band.upperBound)
                                * width * 4]))
            }
        }
    }
}
