import GalleryCore

extension ProjectedItemPainter {
    /// Test seam: paints `placement` on a whole canvas, with the whole of `photo` (nil: the placeholder
    /// alone), as `ItemPainter.paint(_:photo:on:)` does for a flat item.
    package func paint(_ placement: ProjectedPlacement, photo: RGBAImage?, on canvas: inout WholeCanvas)
        throws(OutOfMemory)
    {
        let (width, height) = (canvas.width, canvas.height)
        let prepared = try prepare(
            placement, photo: photo.map { PhotoPart(whole: $0) }, canvasWidth: width, canvasHeight: height)
        canvas.pixels.withUnsafeMutableBufferPointer {
            paint(prepared, into: $0, rows: 0..<height, canvasWidth: width)
        }
    }
}
