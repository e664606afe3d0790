import Raster

/// Part of an item ready to paint: its outline within some frame rows and its photo's pixels there
/// (nil: the placeholder).
struct PreparedPiece: Sendable {
    var outline: ItemPainter.Outline
    var photo: ItemPainter.PreparedPhoto?
}

extension [PreparedPiece] {
    /// Paints the pieces, in order, into `pixels`: exactly the frame rows `rows` of a `width`-wide frame.
    func paint(
        with painter: ItemPainter, into pixels: UnsafeMutableBufferPointer<SIMD4<Float>>, rows: Range<Int>, width: Int
    ) {
        for piece in self {
            painter.paint(piece.outline, photo: piece.photo, into: pixels, rows: rows, canvasWidth: width)
        }
    }
}
