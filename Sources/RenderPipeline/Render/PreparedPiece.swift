import Raster

/// Part of an item ready to paint: a flat item's outline within some frame rows and its photo's
/// pixels there (nil: the placeholder), a 3D item whole (`ProjectedItemPainter`), an item's shadow or its caption.
enum PreparedPiece: Sendable {
    case flat(ItemPainter.Outline, ItemPainter.PreparedPhoto?)
    case projected(ProjectedItemPainter.Prepared)
    case shadow(ShadowPainter.Prepared)
    /// An item's label (and an over label's scrim), drawn after the item.
    case caption(CaptionPainter.Prepared)
    /// Pieces painted into a layer of their own, then drawn at this alpha (`LayerGroup`).
    indirect case group(Float, [PreparedPiece])
    /// A backdrop blur over what is painted before it: applied to a whole canvas between the pieces
    /// before and after it (`paint` skips it).
    case backdrop(Backdrop)
}

extension [PreparedPiece] {
    /// Paints the pieces, in order, into `pixels`: exactly the frame rows `rows` of a `width`-wide frame.
    /// A 3D item or a shadow is not painted where an opaque 3D item drawn after it covers it wholly.
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
            case .shadow(let prepared):
                ShadowPainter.paint(prepared, into: pixels, rows: rows, canvasWidth: width, hiddenBy: hiddenBy)
            case .caption(let prepared):
                CaptionPainter.paint(prepared, into: pixels, rows: rows, canvasWidth: width)
            case .group(let alpha, let pieces):
                Self.paint(pieces, at: alpha, with: painter, into: pixels, rows: rows, width: width)
            case .backdrop: break
            }
        }
    }

    /// `pieces` painted into a transparent layer of `rows`, which is then drawn over `pixels` at
    /// `alpha`.
    private static func paint(
        _ pieces: [PreparedPiece], at alpha: Float, with painter: ItemPainter,
        into pixels: UnsafeMutableBufferPointer<SIMD4<Float>>, rows: Range<Int>, width: Int
    ) {
        var layer = [SIMD4<Float>](repeating: .zero, count: rows.count * width)
        layer.withUnsafeMutableBufferPointer { layer in
            pieces.paint(with: painter, into: layer, rows: rows, width: width)
            LayerGroup.composite(UnsafeBufferPointer(layer), alpha: alpha, onto: pixels)
        }
    }

    /// The pieces in runs to paint band by band, each run followed by the backdrop after it (nil after
    /// the last run).
    var runs: [(pieces: [PreparedPiece], backdrop: Backdrop?)] {
        var runs: [(pieces: [PreparedPiece], backdrop: Backdrop?)] = [([], nil)]
        for piece in self {
            if case .backdrop(let backdrop) = piece {
                runs[runs.count - 1].backdrop = backdrop
                runs.append(([], nil))
            } else {
                runs[runs.count - 1].pieces.append(piece)
            }
        }
        return runs
    }
}

extension StripCanvas {
    /// Paints `pieces` in order, band by band on up to `jobs` threads, each backdrop applied to the
    /// whole canvas (of a `height`-row frame) between the pieces before and after it.
    mutating func paint(_ pieces: [PreparedPiece], with painter: ItemPainter, height: Int, jobs: Int) {
        let width = width
        for run in pieces.runs {
            paint(jobs: jobs) { rows, pixels in run.pieces.paint(with: painter, into: pixels, rows: rows, width: width)
            }
            if let backdrop = run.backdrop { apply(backdrop, height: height, jobs: jobs) }
        }
    }
}
