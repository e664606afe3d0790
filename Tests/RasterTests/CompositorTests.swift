import GalleryCore
import ImageCodecs
import Raster
import Testing

/// Compositing chunk by chunk on several threads gives exactly the whole-canvas painting.
@Suite struct CompositorTests {
    /// Overlapping items with a border, over a half-transparent background, on a frame of 100 rows
    /// (chunks of 32 rows: three whole chunks and a short one, items crossing chunk edges).
    static let style = ItemStyle(borderWidth: 2, borderColor: Color(r: 9, g: 200, b: 30, a: 200))
    static let background = Color(r: 250, g: 10, b: 90, a: 128)
    static let placements = [
        ItemPainter.Placement(rect: PixelRect(centerX: 40.3, centerY: 31.7, side: 50.5), pixelsPerPoint: 1.5),
        ItemPainter.Placement(rect: PixelRect(centerX: 70.1, centerY: 60.2, side: 61), pixelsPerPoint: 1),
        ItemPainter.Placement(rect: PixelRect(centerX: 118, centerY: 97, side: 30), pixelsPerPoint: 2),
    ]
    static let photo: RGBAImage = {
        var pixels: [UInt8] = []
        for y in 0..<48 {
            for x in 0..<64 { pixels += [UInt8(x * 4), UInt8(y * 5), UInt8((x + y) % 256), UInt8(120 + x)] }
        }
        return RGBAImage(width: 64, height: 48, pixels: pixels)
    }()

    @Test(arguments: [1, 2, 3, 8])
    func chunkedEqualsWholeCanvas(jobs: Int) throws {
        let (width, height) = (130, 100)
        let painter = ItemPainter(style: Self.style)
        let prepared = try Self.placements.map {
            try painter.prepare(photo: Self.photo, for: $0, canvasWidth: width, canvasHeight: height)
        }
        var canvas = WholeCanvas(width: width, height: height, background: Self.background)
        for (placement, photo) in zip(Self.placements, prepared) { painter.paint(placement, photo: photo, on: &canvas) }

        let outlines = Self.placements.map { painter.outline(of: $0, canvasWidth: width, canvasHeight: height) }
        let chunked = Compositor.image(width: width, height: height, background: Self.background, jobs: jobs) {
            rows, pixels in
            for (outline, photo) in zip(outlines, prepared) {
                painter.paint(outline, photo: photo, into: pixels, rows: rows, canvasWidth: width)
            }
        }
        #expect(chunked == canvas.image())
    }
}
