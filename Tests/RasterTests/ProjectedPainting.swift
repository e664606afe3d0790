import GalleryCore
import Raster

/// Helpers for the projected painter's tests: transforms, photos and Float canvases.
enum ProjectedPainting {
    /// `CATransform3D` entries from rows.
    static func matrix(_ rows: [[Double]]) -> SIMD16<Double> {
        var m = SIMD16<Double>()
        for (i, row) in rows.enumerated() { for (j, value) in row.enumerated() { m[i * 4 + j] = value } }
        return m
    }

    /// The row-vector product a·b of two transforms (a first, then b), as `CATransform3DConcat`.
    static func concat(_ a: SIMD16<Double>, _ b: SIMD16<Double>) -> SIMD16<Double> {
        var m = SIMD16<Double>()
        for i in 0..<4 {
            for j in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += a[i * 4 + k] * b[k * 4 + j] }
                m[i * 4 + j] = sum
            }
        }
        return m
    }

    /// A rotation about y whose cosine and sine are 0.6 and 0.8 (about 53°), then the perspective
    /// m34 = −1/500: the item's left edge comes nearer the eye.
    static let tilted = concat(
        matrix([[0.6, 0, -0.8, 0], [0, 1, 0, 0], [0.8, 0, 0.6, 0], [0, 0, 0, 1]]),
        matrix([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, -1.0 / 500], [0, 0, 0, 1]]))

    /// An opaque photo whose channels are linear in x and y up to 80 × 60 (every linear filter keeps it).
    static func gradient(width: Int, height: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(min(40 + 2 * x, 255)), UInt8(min(30 + 3 * y, 255)), UInt8(min(100 + x + y, 255)), 255]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// A black-and-white checkerboard of `square`-pixel squares.
    static func checkerboard(side: Int, square: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side where (x / square + y / square) % 2 == 0 {
                let i = (y * side + x) * 4
                (pixels[i], pixels[i + 1], pixels[i + 2]) = (0, 0, 0)
            }
        }
        return RGBAImage(width: side, height: side, pixels: pixels)
    }

    /// `placement` painted by the projected painter on a whole canvas.
    static func projected(
        _ style: ItemStyle, _ placement: ProjectedPlacement, photo: RGBAImage?, width: Int = 64, height: Int = 64,
        background: Color = .white
    ) throws -> WholeCanvas {
        var canvas = WholeCanvas(width: width, height: height, background: background)
        try ProjectedItemPainter(style: style).paint(placement, photo: photo, on: &canvas)
        return canvas
    }

    /// `placement` painted by the 2D painter on a whole canvas.
    static func flat(
        _ style: ItemStyle, _ placement: ItemPainter.Placement, photo: RGBAImage?, width: Int = 64, height: Int = 64
    ) throws -> WholeCanvas {
        var canvas = WholeCanvas(width: width, height: height, background: .white)
        let painter = ItemPainter(style: style)
        let prepared = try photo.map {
            try painter.prepare(photo: $0, for: placement, canvasWidth: width, canvasHeight: height)
        }
        painter.paint(placement, photo: prepared, on: &canvas)
        return canvas
    }

    /// The largest difference of any channel of any pixel (0…255 scale).
    static func maxDifference(_ a: WholeCanvas, _ b: WholeCanvas) -> Float {
        zip(a.pixels, b.pixels).reduce(0) { max($0, difference($1.0, $1.1)) }
    }

    /// The largest difference of any channel of two pixels.
    static func difference(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Float {
        let d = a - b
        return max(d.max(), -d.min())
    }
}
