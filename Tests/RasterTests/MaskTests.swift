import Foundation
import GalleryCore
import Raster
import Testing

@Suite struct MaskTests {
    /// Total coverage and its centroid over a `width`×`height` frame.
    static func measure(_ shape: RoundedRect, width: Int, height: Int) -> (area: Double, x: Double, y: Double) {
        let profile = shape.columnProfile(columns: 0..<width)
        var area = 0.0, sx = 0.0, sy = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let c = Double(profile.coverage(column: x, row: y))
                area += c
                sx += c * (Double(x) + 0.5)
                sy += c * (Double(y) + 0.5)
            }
        }
        return (area, sx / area, sy / area)
    }

    /// A square of side 2·`half` with round corners of `cornerRadius` (a circle at `half`).
    static func square(centerX: Double, centerY: Double, half: Double, cornerRadius: Double) -> RoundedRect {
        RoundedRect(
            centerX: centerX, centerY: centerY, halfWidth: half, halfHeight: half, radiusX: cornerRadius,
            radiusY: cornerRadius)
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func circleAreaAndCentreAreExactAtEveryScale(displayScale: Double) {
        // A 72 pt item (the carousel's third item at offset 120) at a sub-pixel centre.
        let radius = 36 * displayScale
        let circle = Self.square(
            centerX: 90.3 * displayScale, centerY: 61.7 * displayScale, half: radius, cornerRadius: radius)
        let m = Self.measure(circle, width: Int(200 * displayScale), height: Int(130 * displayScale))
        #expect(abs(m.area / (Double.pi * radius * radius) - 1) < 0.001)
        #expect(abs(m.x - 90.3 * displayScale) < 0.01)
        #expect(abs(m.y - 61.7 * displayScale) < 0.01)
    }

    @Test func outlineColumnsHoldEveryCoveredPixel() {
        // What the painter resamples per row must include every pixel it may paint: circles and
        // rounded squares, with and without a border, whole and clipped by the frame's edges.
        let styles = [ItemStyle(), ItemStyle(shape: .rounded(cornerRadius: 9), borderWidth: 3)]
        let placements = [
            ItemPainter.Placement(rect: PixelRect(centerX: 40.3, centerY: 31.7, side: 50.5), pixelsPerPoint: 1.5),
            ItemPainter.Placement(rect: PixelRect(centerX: 3.5, centerY: 58, side: 31), pixelsPerPoint: 1),
            ItemPainter.Placement(rect: PixelRect(centerX: 70, centerY: 2, side: 7.25), pixelsPerPoint: 2),
        ]
        for style in styles {
            for placement in placements {
                let outline = ItemPainter(style: style).outline(of: placement, canvasWidth: 80, canvasHeight: 60)
                let shape = Self.square(
                    centerX: placement.rect.centerX, centerY: placement.rect.centerY,
                    half: placement.rect.width / 2,
                    cornerRadius: style.shape == .circle ? placement.rect.width / 2 : 9 * placement.pixelsPerPoint)
                let profile = shape.columnProfile(columns: 0..<80)
                for y in 0..<60 {
                    let columns = outline.columns(inRow: y)
                    for x in 0..<80 where profile.coverage(column: x, row: y) > 0 {
                        #expect(columns.contains(x), "\(placement) row \(y) column \(x) outside \(columns)")
                    }
                }
            }
        }
    }

    @Test func tinyCirclesKeepTheirArea() {
        for radius in [0.3, 0.5, 1.0, 1.7] {
            let circle = Self.square(centerX: 5.25, centerY: 4.5, half: radius, cornerRadius: radius)
            let m = Self.measure(circle, width: 12, height: 10)
            #expect(abs(m.area / (Double.pi * radius * radius) - 1) < 0.02, "radius \(radius)")
        }
    }

    @Test func roundedSquareAreaIsSquareMinusCorners() {
        // Side 40, corner radius 6: 40² − (4 − π)·6².
        let shape = Self.square(centerX: 30.4, centerY: 25.9, half: 20, cornerRadius: 6)
        let m = Self.measure(shape, width: 64, height: 64)
        let expected = 1600 - (4 - Double.pi) * 36
        #expect(abs(m.area - expected) < 0.05)
        #expect(abs(m.x - 30.4) < 0.01 && abs(m.y - 25.9) < 0.01)
    }

    @Test func edgeIsAntiAliasedNotSnapped() {
        // A circle whose edge crosses pixel centres has partial coverages, not only 0 and 1.
        let circle = Self.square(centerX: 20.2, centerY: 20.7, half: 13.3, cornerRadius: 13.3)
        let profile = circle.columnProfile(columns: 0..<41)
        let partial = (0..<41).flatMap { x in (0..<41).map { profile.coverage(column: x, row: $0) } }.filter {
            $0 > 0.05 && $0 < 0.95
        }
        #expect(partial.count > 40)
    }

    @Test func ringIsTheShapeMinusItsInset() {
        let outer = Self.square(centerX: 32, centerY: 32, half: 25, cornerRadius: 25)
        let inner = outer.inset(by: 4)
        #expect(inner.halfWidth == 21 && inner.halfHeight == 21 && inner.radiusX == 21 && inner.radiusY == 21)
        let ring = Self.measure(outer, width: 64, height: 64).area - Self.measure(inner, width: 64, height: 64).area
        #expect(abs(ring - Double.pi * (25 * 25 - 21 * 21)) < 0.1)
    }

    @Test(arguments: [1.0, 3.0])
    func ellipseAreaAndCentreAreExact(displayScale: Double) {
        // The circle of a 160 × 90 card: the inscribed ellipse, area π·80·45, at a sub-pixel centre.
        let (a, b) = (80 * displayScale, 45 * displayScale)
        let ellipse = RoundedRect(
            centerX: 100.3 * displayScale, centerY: 60.6 * displayScale, halfWidth: a, halfHeight: b, radiusX: a,
            radiusY: b)
        let m = Self.measure(ellipse, width: Int(200 * displayScale), height: Int(120 * displayScale))
        #expect(abs(m.area / (Double.pi * a * b) - 1) < 0.001)
        #expect(abs(m.x - 100.3 * displayScale) < 0.01 && abs(m.y - 60.6 * displayScale) < 0.01)
        // Its inset by 4 is the ellipse of half sides 76·s − 4 by 41·s − 4, as the projected painter's.
        let inner = ellipse.inset(by: 4)
        #expect(inner.radiusX == a - 4 && inner.radiusY == b - 4)
        let ring = m.area - Self.measure(inner, width: Int(200 * displayScale), height: Int(120 * displayScale)).area
        #expect(abs(ring / (Double.pi * (a * b - (a - 4) * (b - 4))) - 1) < 0.002)
    }

    @Test func roundedRectangleAreaIsRectangleMinusCorners() {
        // 48 × 27 (a 16:9 card), corner radius 6: 48·27 − (4 − π)·6², its centre where it was put.
        let shape = RoundedRect(centerX: 30.4, centerY: 20.2, halfWidth: 24, halfHeight: 13.5, radiusX: 6, radiusY: 6)
        let m = Self.measure(shape, width: 64, height: 40)
        #expect(abs(m.area - (48 * 27 - (4 - Double.pi) * 36)) < 0.05)
        #expect(abs(m.x - 30.4) < 0.01 && abs(m.y - 20.2) < 0.01)
    }
}
