import Foundation
import GalleryCore
import TestSupport
@testable import Raster
import Testing

/// A turned round card paints nothing outside the polygon of 32 sides circumscribed about its
/// ellipse, the outline `hidden` and `readRegion` take: a pixel they count as showing nothing of the
/// item shows nothing of it. (Its edges' first-order coverage gave the square's corners up to 7/255.)
@Suite struct ShapeOutlineTests {
    static let (width, height) = (160, 120)

    /// Whether the frame pixel (`x`, `y`)'s square, seen in the item's plane in units of the ellipse's
    /// half sizes `a`, `b`, lies farther than `margin` outside the regular polygon of `sides` sides
    /// circumscribed about the unit circle (one side tangent at angle 0). Both are convex: they are
    /// apart when one of their sides' normals separates them. Nil when a corner sees nothing.
    static func missesOutline(
        _ homography: ItemHomography, x: Int, y: Int, a: Double, b: Double, sides: Int, margin: Double
    ) -> Bool? {
        var quad: [(x: Double, y: Double)] = []
        for (dx, dy) in [(0, 0), (1, 0), (1, 1), (0, 1)] {
            guard let p = homography.backwardPoint(Double(x + dx), Double(y + dy)) else { return nil }
            quad.append((p.x / a, p.y / b))
        }
        // The polygon's sides: x·cos θ + y·sin θ ≤ 1 at θ = 2πk/sides.
        for k in 0..<sides {
            let angle = 2 * Double.pi * Double(k) / Double(sides)
            let (c, s) = (Foundation.cos(angle), Foundation.sin(angle))
            if quad.allSatisfy({ $0.x * c + $0.y * s > 1 + margin }) { return true }
        }
        // The quad's sides: the polygon's vertices (circumradius 1/cos(π/sides)) all beyond one.
        let radius = 1 / Foundation.cos(Double.pi / Double(sides))
        let vertices = (0..<sides).map { k in
            let angle = 2 * Double.pi * (Double(k) + 0.5) / Double(sides)
            return (x: radius * Foundation.cos(angle), y: radius * Foundation.sin(angle))
        }
        for i in quad.indices {
            let (p, q) = (quad[i], quad[(i + 1) % 4])
            let (nx, ny) = (q.y - p.y, p.x - q.x)
            let length = (nx * nx + ny * ny).squareRoot()
            guard length > 0 else { continue }
            let side = { (v: (x: Double, y: Double)) in ((v.x - p.x) * nx + (v.y - p.y) * ny) / length }
            let inner = quad.map(side).reduce(0) { abs($0) > abs($1) ? $0 : $1 }
            if vertices.allSatisfy({ side($0) * (inner >= 0 ? -1 : 1) > margin }) { return true }
        }
        return false
    }

    @Test func aTurnedRoundCardPaintsNothingOutsideItsOutline() throws {
        var random = SplitMix(seed: 6113)
        var (outside, painted) = (0, 0)
        let painter = ProjectedItemPainter(style: ItemStyle(shape: .circle, placeholder: Color(r: 40, g: 90, b: 200)))
        for _ in 0..<200 {
            let placement = ReadRegionTests.placement(
                x: 50...110, y: 40...80, side: 70, yaw: 1.45, pitch: 0.7, distance: 60...600,
                scale: Double(Int.random(in: 1...3, using: &random)), &random)
            guard let homography = ItemHomography(placement) else { continue }
            let prepared = try painter.prepare(
                placement, photo: nil, canvasWidth: Self.width, canvasHeight: Self.height)
            var pixels = [SIMD4<Float>](repeating: .zero, count: Self.width * Self.height)
            pixels.withUnsafeMutableBufferPointer {
                painter.paint(prepared, into: $0, rows: 0..<Self.height, canvasWidth: Self.width)
            }
            let (a, b) = (placement.width / 2, placement.height / 2)
            for y in 0..<Self.height {
                for x in 0..<Self.width
                where Self.missesOutline(homography, x: x, y: y, a: a, b: b, sides: 32, margin: 1e-9) == true {
                    outside += 1
                    if pixels[y * Self.width + x].w != 0 { painted += 1 }
                }
            }
        }
        #expect(outside > 100_000, "the cases hold pixels outside the cards: \(outside)")
        #expect(painted == 0, "\(painted) of \(outside) pixels outside a card's outline were painted")
    }
}
