import GalleryCore
import ImageCodecs
import Raster
import Testing

@Suite struct ItemPainterTests {
    func paint(_ style: ItemStyle, photo: RGBAImage?, background: Color = .white, side: Double = 40) -> RGBAImage {
        let painter = ItemPainter(style: style)
        let placement = ItemPainter.Placement(
            rect: PixelRect(centerX: 32, centerY: 32, side: side), pixelsPerPoint: 1)
        var canvas = WholeCanvas(width: 64, height: 64, background: background)
        // A few KB: memory that cannot be had would show as a placeholder and fail the test.
        let prepared = photo.flatMap {
            try? painter.prepare(photo: $0, for: placement, canvasWidth: 64, canvasHeight: 64)
        }
        painter.paint(placement, photo: prepared, on: &canvas)
        return canvas.image()
    }

    @Test func transparentPhotoShowsThePlaceholder() {
        let clear = RGBAImage(width: 10, height: 10, fill: (255, 0, 0, 0))
        let out = paint(ItemStyle(placeholder: Color(r: 0, g: 0, b: 255)), photo: clear)
        #expect(out[32, 32] == (0, 0, 255, 255))
        #expect(out[2, 2] == (255, 255, 255, 255))
    }

    @Test func halfTransparentPhotoBlendsOverThePlaceholderWithCorrectRounding() {
        // red at alpha 128 over blue: (255·128/255, 0, 255·127/255) = (128, 0, 127).
        let half = RGBAImage(width: 10, height: 10, fill: (255, 0, 0, 128))
        let out = paint(ItemStyle(placeholder: Color(r: 0, g: 0, b: 255)), photo: half)
        #expect(out[32, 32] == (128, 0, 127, 255))
    }

    @Test func transparentBackgroundKeepsAlphaOutsideTheCircle() {
        let out = paint(
            ItemStyle(), photo: RGBAImage(width: 4, height: 4, fill: (10, 200, 30, 255)), background: .transparent)
        #expect(out[32, 32] == (10, 200, 30, 255))
        #expect(out[1, 1].a == 0)
        #expect(!out.isOpaque)
        // The alpha channel alone carries the circle: its sum is the area π·20².
        let area = (0..<64 * 64).reduce(0.0) { $0 + Double(out.pixels[$1 * 4 + 3]) / 255 }
        #expect(abs(area / (Double.pi * 400) - 1) < 0.002)
    }

    @Test func borderRingSitsInsideTheEdge() {
        let style = ItemStyle(borderWidth: 5, borderColor: Color(r: 0, g: 0, b: 0))
        let out = paint(style, photo: RGBAImage(width: 4, height: 4, fill: (255, 0, 0, 255)))
        #expect(out[32, 32] == (255, 0, 0, 255))  // centre: photo
        #expect(out[14, 32] == (0, 0, 0, 255))  // 2.5 px inside the left edge at x = 12: border
        #expect(out[10, 32] == (255, 255, 255, 255))  // outside
    }

    @Test func aspectFitLetterboxesOnThePlaceholder() {
        let wide = RGBAImage(width: 40, height: 10, fill: (255, 0, 0, 255))
        let style = ItemStyle(
            shape: .rounded(cornerRadius: 0), placeholder: Color(r: 0, g: 0, b: 255), contentMode: .aspectFit)
        let out = paint(style, photo: wide)
        #expect(out[32, 32] == (255, 0, 0, 255))
        #expect(out[32, 15] == (0, 0, 255, 255))  // above the 40×10 strip: placeholder
        let fill = paint(ItemStyle(shape: .rounded(cornerRadius: 0), contentMode: .fill), photo: wide)
        #expect(fill[32, 15] == (255, 0, 0, 255))  // stretched over the whole square
    }
}
