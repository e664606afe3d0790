import Raster

/// Part of an item ready to paint: a flat item's outline within some frame rows and its photo's
/// pixels there (nil: the placeholder), or a 3D item whole (`ProjectedItemPainter`).
enum PreparedPiece: Sendable {
    case flat(ItemPainter.Outline, ItemPainter.PreparedPhoto?)
    case projected(ProjectedItemPainter.Prepared)
}

extension [PreparedPiece] {
    /// Paints the pieces, in order, into `pixels`: exactly the frame rows `rows` of a `width`-wide frame.
    func paint(
        with painter: ItemPainter, into pixels: UnsafeMutableBufferPointer<SIMD4<Float>>, rows: Range<Int>, width: Int
    ) {
        let projected = ProjectedItemPainter(style: painter.style)
        for piece in self {
            switch piece {
            case .flat(let outline, let photo):
                painter.paint(outline, photo: photo, into: pixels, rows: rows, canvasWidth: width)
            case .projected(let prepared):
                projected.paint(prepared, into: pixels, rows: rows, canvasWidth: width)
            }
        }
    }
}
