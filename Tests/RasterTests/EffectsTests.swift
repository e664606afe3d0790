import Foundation
import GalleryCore
import Testing

@testable import Raster

/// Shadows and backdrop blurs against closed forms: a square's shadow is the square's indicator
/// blurred by a Gaussian, ¼·[erf((x − x₀)/σ√2) − erf((x − x₁)/σ√2)]·[the same in y], and a blurred
/// step is ½·erfc(−x/σ√2).
@Suite struct EffectsTests {
    typealias P = ProjectedPainting

    /// The shadow of a square item at `placement`, alone on a white `side` × `side` canvas.
    static func shadowed(_ shadow: Shadow, of placement: ProjectedPlacement, side: Int) throws -> WholeCanvas {
        var canvas = WholeCanvas(width: side, height: side, background: .white)
        let prepared = try #require(
            try ShadowPainter.prepare(
                shadow, of: placement, shape: .rounded(cornerRadius: 0), canvasWidth: side, canvasHeight: side))
        canvas.pixels.withUnsafeMutableBufferPointer {
            ShadowPainter.paint(prepared, into: $0, rows: 0..<side, canvasWidth: side)
        }
        return canvas
    }

    /// The Gaussian-blurred indicator of [low, high], at t.
    static func blurredInterval(_ t: Double, _ low: Double, _ high: Double, sigma: Double) -> Double {
        (erf((t - low) / (sigma * 2.squareRoot())) - erf((t - high) / (sigma * 2.squareRoot()))) / 2
    }

    /// A 40-point black square at @1.5x with a shadow of opacity 0.8, radius 12 (σ = 6 pt), offset
    /// (5, 7), painted on white: outside the square every pixel is white less 0.8·255·a, a the
    /// closed form at the pixel centre. Within 1.5 levels: the grid (σ/2 a cell, read bilinearly)
    /// and the kernel cut at 3σ each stay under half a level, and a pixel's value is its area's mean,
    /// not its centre's (the Gaussian's curvature over a pixel of 2/3 pt: under 0.4 levels).
    @Test func aSquaresShadowIsItsGaussianBlur() throws {
        let (s, side, cx, cy) = (1.5, 40.0, 60.0, 55.0)
        let shadow = Shadow(color: .black, opacity: 0.8, radius: 12, offsetX: 5, offsetY: 7)
        let placement = ProjectedPlacement(
            centerX: cx, centerY: cy, width: side, height: side, transform: ProjectedPlacement.identityTransform,
            pixelsPerPoint: s)
        let canvas = try Self.shadowed(shadow, of: placement, side: 130)
        var worst = 0.0
        for y in 0..<130 {
            for x in 0..<130 {
                // Points about the item's centre.
                let (u, v) = ((Double(x) + 0.5 - cx) / s, (Double(y) + 0.5 - cy) / s)
                let a =
                    Self.blurredInterval(u, -20 + 5, 20 + 5, sigma: 6)
                    * Self.blurredInterval(v, -20 + 7, 20 + 7, sigma: 6)
                let expected = 255 * (1 - 0.8 * a)
                worst = max(worst, abs(Double(canvas.pixels[y * 130 + x].x) - expected))
            }
        }
        #expect(worst <= 1.5, "worst \(worst)")
    }

    /// The shadow takes the item's alpha and transform: at alpha 0.5 it is half as dark, and under a
    /// layout scale of 2 its offset and blur double.
    @Test func theShadowTakesAlphaAndTransform() throws {
        let shadow = Shadow(opacity: 1, radius: 4, offsetX: 0, offsetY: 10)
        func darkness(alpha: Float, scale: Double, at point: (Int, Int)) throws -> Float {
            let placement = ProjectedPlacement(
                centerX: 64, centerY: 50, width: 20, height: 20,
                transform: P.matrix([[scale, 0, 0, 0], [0, scale, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]),
                pixelsPerPoint: 1, alpha: alpha)
            return 255 - (try Self.shadowed(shadow, of: placement, side: 128)).pixels[point.1 * 128 + point.0].x
        }
        // 3.5 pt inside the shadow's lower edge (y = 70); at scale 2 the edge is at 90 and 7 pt inside
        // it lies between the centres of rows 82 and 83.
        let full = try darkness(alpha: 1, scale: 1, at: (64, 66))
        #expect(abs(try darkness(alpha: 0.5, scale: 1, at: (64, 66)) - full / 2) <= 0.5)
        let doubled = (try darkness(alpha: 1, scale: 2, at: (64, 82)) + darkness(alpha: 1, scale: 2, at: (64, 83))) / 2
        #expect(abs(doubled - full) <= 1, "the same place, twice the size: \(doubled) against \(full)")
    }

    /// A black-to-white step across x = 40 blurred with σ = 9 pixels (fraction 0.4 at @1.5x: 0.4·15·1.5):
    /// each row follows the blurred step within 2 % of it (three boxes are not quite a Gaussian: their
    /// CDF is within 1 % of the erf for these widths) under the tint, white at 12 %.
    @Test func aBackdropBlursAndTintsWhatIsBeneath() {
        let (width, height) = (80, 20)
        var pixels = (0..<width * height).map { i in
            i % width < 40 ? SIMD4<Float>(0, 0, 0, 255) : SIMD4<Float>(255, 255, 255, 255)
        }
        let backdrop = Backdrop(fraction: 0.4, rect: PixelRect(x: 0, y: 0, width: 80, height: 20), pixelsPerPoint: 1.5)
        #expect(backdrop.sigma == 9)
        pixels.withUnsafeMutableBufferPointer { backdrop.apply(to: $0, width: width, height: height, jobs: 2) }
        var worst = 0.0
        for x in 0..<width {
            let step = erfc(-(Double(x) + 0.5 - 40) / (9 * 2.squareRoot())) / 2
            let expected = 255 * (step * (1 - 0.12) + 0.12)
            worst = max(worst, abs(Double(pixels[10 * width + x].x) - expected))
        }
        #expect(worst <= 0.02 * 255, "worst \(worst)")
    }

    /// The same bytes whatever the threads: a backdrop over part of a noisy canvas, on 1 and 3 jobs.
    @Test func aBackdropIsTheSameOnAnyNumberOfThreads() {
        var state: UInt32 = 7
        let noise = (0..<97 * 61).map { _ -> SIMD4<Float> in
            state = state &* 1_664_525 &+ 1_013_904_223
            return SIMD4<Float>(Float(state >> 24), Float(state >> 16 & 0xFF), Float(state >> 8 & 0xFF), 255)
        }
        let backdrop = Backdrop(
            fraction: 0.3, rect: PixelRect(x: 10.2, y: -5, width: 70, height: 50), pixelsPerPoint: 2)
        let results = [1, 3].map { jobs in
            var pixels = noise
            pixels.withUnsafeMutableBufferPointer { backdrop.apply(to: $0, width: 97, height: 61, jobs: jobs) }
            return pixels
        }
        #expect(results[0] == results[1])
        #expect(results[0][0] == noise[0] && results[0] != noise, "outside untouched, inside blurred")
    }
}

/// The interior path's polygon: every frame pixel it counts as wholly inside a card (an ellipse, a
/// circle, a rounded rectangle) is one the edge path covers wholly too, and it leaves few pixels to
/// the edge path.
@Suite struct InteriorPolygonTests {
    /// `share`: the least part of the wholly covered pixels the interior takes (a rounded rectangle
    /// keeps its inscribed rectangle, clear of the corners' arcs).
    @Test(arguments: [
        (Shape.circle, 160.0, 90.0, 0.93), (.circle, 100, 100, 0.93), (.rounded(cornerRadius: 20), 160, 90, 0.8),
    ])
    func anInteriorIsWhollyCoveredAndNearlyAllOfIt(shape: Shape, width: Double, height: Double, share: Double) throws {
        for transform in [ProjectedPlacement.identityTransform, ProjectedPainting.tilted] {
            let placement = ProjectedPlacement(
                centerX: 100.3, centerY: 60.2, width: width, height: height, transform: transform, pixelsPerPoint: 1)
            let mask = try #require(PlaneMask(shape, width: width, height: height))
            let homography = try #require(ItemHomography(placement))
            let interior = FramePolygon(homography, inside: mask.coreHalfPlanes, canvasWidth: 200, height: 120)
            var (inside, covered) = (0, 0)
            for y in 0..<120 {
                for x in 0..<200 {
                    guard let point = homography.backward(Double(x) + 0.5, Double(y) + 0.5) else { continue }
                    let coverage = mask.coverage(point)
                    if coverage == 1 { covered += 1 }
                    if interior.interiorColumns(inRow: y).contains(x) {
                        inside += 1
                        #expect(coverage == 1, "(\(x), \(y)): \(coverage)")
                    }
                }
            }
            // The inscribed rectangle alone held 64 % of an ellipse.
            #expect(Double(inside) >= share * Double(covered), "\(shape): \(inside) of \(covered)")
        }
    }
}

/// The page control: the window of dots, where they sit, and their colours.
@Suite struct PageControlTests {
    @Test func theWindowSlidesToKeepTheCurrentPageInView() {
        func window(_ pages: Int, _ current: Int, max: Int = 9) -> Range<Int> {
            PageControl(style: .init(maxDots: max), pages: pages, current: current).window
        }
        #expect(window(20, 0) == 0..<9 && window(20, 10) == 6..<15 && window(20, 19) == 11..<20)
        #expect(window(3, 2) == 0..<3 && window(0, 0) == 0..<0 && window(20, 4, max: 5) == 2..<7)
        let dots = PageControl(style: .init(), pages: 3, current: 1).dots(width: 375, height: 200)
        #expect(dots.map(\.x) == [187.5 - 16, 187.5, 187.5 + 16] && dots.allSatisfy { $0.y == 180 })
    }

    /// On white at @2x: the current dot's centre is the colour, another's white less 30 % of it.
    @Test func theCurrentDotIsSolidAndTheOthersFaint() {
        let control = PageControl(style: .init(color: .black), pages: 3, current: 0)
        var canvas = WholeCanvas(width: 200, height: 100, background: .white)
        canvas.pixels.withUnsafeMutableBufferPointer {
            control.paint(into: $0, rows: 0..<100, canvasWidth: 200, canvasHeight: 100, pixelsPerPoint: 2)
        }
        // Dots at x = 50 − 16, 50, 66 pt, y = 30 pt: pixels (68, 60), (100, 60), (132, 60).
        #expect(canvas.pixels[60 * 200 + 68] == SIMD4(0, 0, 0, 255))
        #expect(canvas.pixels[60 * 200 + 100] == SIMD4(repeating: 255) * 0.7 + SIMD4(0, 0, 0, 255) * 0.3)
        #expect(canvas.pixels[60 * 200 + 84] == SIMD4(255, 255, 255, 255), "between dots: untouched")
    }
}
