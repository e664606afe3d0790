import GalleryCore

/// Test seam: a whole frame being composited, **premultiplied** RGBA in Float on the 0…255 scale, one
/// SIMD4 per pixel, rows top to bottom, quantised to 8-bit straight RGBA only at the end. The product
/// composites in chunks of rows (`Compositor`); tests and the render fuzzer paint whole canvases to
/// hold it to the same pixels. Visible inside the package only.
package struct WholeCanvas: Sendable {
    package let width: Int
    package let height: Int
    package var pixels: [SIMD4<Float>]

    /// A canvas filled with `background`.
    package init(width: Int, height: Int, background: Color) {
        self.width = width
        self.height = height
        pixels = [SIMD4<Float>](repeating: background.premultiplied, count: width * height)
    }

    /// The frame as 8-bit straight RGBA, each channel rounded to nearest (halves up).
    package func image() -> RGBAImage {
        let bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            pixels.withUnsafeBufferPointer { Quantiser.quantise($0, into: buffer) }
            count = width * height * 4
        }
        return RGBAImage(width: width, height: height, pixels: bytes)
    }
}

extension ItemPainter {
    /// Test seam: the photo resampled for `placement` from the whole of `photo`.
    package func prepare(photo: RGBAImage, for placement: Placement, canvasWidth: Int, canvasHeight: Int)
        throws(OutOfMemory) -> PreparedPhoto
    {
        try prepare(
            photo: PhotoPart(whole: photo), for: placement, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
            ?? PreparedPhoto(pixels: [], rect: placement.rect)
    }

    /// Test seam: paints the item on a whole canvas; `photo` nil draws the placeholder alone.
    package func paint(_ placement: Placement, photo: PreparedPhoto?, on canvas: inout WholeCanvas) {
        let outline = outline(of: placement, canvasWidth: canvas.width, canvasHeight: canvas.height)
        let (width, height) = (canvas.width, canvas.height)
        canvas.pixels.withUnsafeMutableBufferPointer { pixels in
            paint(outline, photo: photo, into: pixels, rows: 0..<height, canvasWidth: width)
        }
    }
}
