import Raster

/// Part of an item ready to paint: a flat item's outline within some frame rows and its photo's
/// pixels there (nil: the placeholder), or a 3D item whole (`ProjectedItemPainter`).
enum PreparedPiece: Sendable {
    case flat(ItemPainter.Outline, ItemPainter.PreparedPhoto?)
    case projected(ProjectedItemPainter.Prepared)
}

extension [PreparedPiece] {
    /// Paints the pieces, in order, into `pixels`: exactly the frame rows `rows` of a `width`-wide frame.
    /// A 3D item is not painted where an opaque 3D item drawn after it covers it wholly.
    func paint(
        with painter: ItemPainter, into pixels: UnsafeMutableBufferPointer<SIMD4<Float>>, rows: Range<Int>, width: Int
    ) {
        let projected = ProjectedItemPainter(style: painter.style)
        var occluders: [ProjectedItemPainter.Prepared] = []
        var covered: [[ProjectedItemPainter.Prepared]] = []
        for piece in reversed() {
            covered.append(occluders)
            if case .projected(let prepared) = piece, prepared.isOpaque { occluders.append(prepared) }
        }
        for (piece, hiddenBy) in zip(self, covered.reversed()) {
            switch piece {
            case .flat(let outline, let photo):
                painter.paint(outline, photo: photo, into: pixels, rows: rows, canvasWidth: width)
            case .projected(let prepared):
                projected.paint(prepared, into: pixels, rows: rows, canvasWidth: width, hiddenBy: hiddenBy)
            }
        }
    }
}
