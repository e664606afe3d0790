import GalleryCore

/// Composites a frame a few rows at a time: each chunk of rows is filled with the background,
/// painted and quantised while it is in cache, on up to `jobs` threads. No Float frame is ever held
/// (a 1125 × 600 frame would be 10.8 MB, every page of it faulted in afresh), and since every chunk
/// sees the same operations in the same order, the result is the same whatever `jobs` is.
public enum Compositor {
    /// Rows per chunk: 32 rows of a 1125-pixel frame are 576 KB of Float pixels.
    static let chunkRows = 32

    /// The frame: `paint` draws into `pixels`, which holds exactly the frame rows `rows` (row-major,
    /// `width` wide, premultiplied, already filled with `background`). Nil when memory for the frame
    /// cannot be had.
    public static func image(
        width: Int, height: Int, background: Color, jobs: Int,
        paint: (_ rows: Range<Int>, _ pixels: UnsafeMutableBufferPointer<SIMD4<Float>>) -> Void
    ) -> RGBAImage? {
        guard var bytes = LargeArray.uninitialized(UInt8.self, count: width * height * 4) else { return nil }
        bytes.withUnsafeMutableBufferPointer { frame in
            composite(rows: 0..<height, width: width, background: background, jobs: jobs, into: frame, paint: paint)
        }
        return RGBAImage(width: width, height: height, pixels: bytes)
    }

    /// `image`'s work for the frame rows `rows` only, written to their place in `frame` (8-bit RGBA,
    /// `width` wide, from row 0): compositing a frame's rows in several calls gives the same bytes.
    public static func composite(
        rows: Range<Int>, width: Int, background: Color, jobs: Int, into frame: UnsafeMutableBufferPointer<UInt8>,
        paint: (_ rows: Range<Int>, _ pixels: UnsafeMutableBufferPointer<SIMD4<Float>>) -> Void
    ) {
        let fill = background.premultiplied
        let target = BandBuffer(frame)
        RowBands.forEach(rows: rows.count, jobs: jobs) { band in
            let band = rows.lowerBound + band.lowerBound..<rows.lowerBound + band.upperBound
            var chunk = [SIMD4<Float>](repeating: fill, count: chunkRows * width)
            chunk.withUnsafeMutableBufferPointer { chunk in
                for start in stride(from: band.lowerBound, to: band.upperBound, by: chunkRows) {
                    let rows = start..<min(start + chunkRows, band.upperBound)
                    let pixels = UnsafeMutableBufferPointer(rebasing: chunk[0..<rows.count * width])
                    pixels.update(repeating: fill)
                    paint(rows, pixels)
                    Quantiser.quantise(
                        UnsafeBufferPointer(pixels),
                        into: UnsafeMutableBufferPointer(
                            rebasing: target.buffer[rows.lowerBound * width * 4..<rows.upperBound * width * 4]))
                }
            }
        }
    }
}
