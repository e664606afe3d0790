import Foundation
import GalleryLayout
import Testing

/// CATransform3D's conventions, each expected matrix written out here from Apple's header comments
/// (row vectors, p·M; Translate/Rotate/Scale pre-multiply; Concat(a, b) = a·b), with libm's sin and
/// cos (the library's gr_sin/gr_cos agree to a few units in the last place).
@Suite struct Transform3DTests {
    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-12 * max(1, abs(b)) }

    func expectMatrix(_ t: Transform3D, _ expected: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
        let values = t.values
        #expect(values.count == 16, sourceLocation: sourceLocation)
        for (k, (got, want)) in zip(values, expected).enumerated() {
            #expect(close(got, want), "m\(k / 4 + 1)\(k % 4 + 1): \(got) ≠ \(want)", sourceLocation: sourceLocation)
        }
    }

    @Test func identityAndPerspective() {
        expectMatrix(.identity, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        expectMatrix(.perspective(-0.002), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1])
        // A point at z = 100 (towards the viewer) gets W = 1 − 0.002·100 = 0.8: drawn 1.25 times larger.
        let image = Transform3D.perspective(-0.002).apply(to: Point(x: 10, y: 20), z: 100)
        #expect(image == Transform3D.Homogeneous(x: 10, y: 20, z: 100, w: 0.8))
    }

    @Test func translationSitsInRowFour() {
        expectMatrix(.translation(x: 3, y: 4, z: 5), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3, 4, 5, 1])
        // Translate(P, tx, ty, tz) = Tr·P: with P's m34 = p, m44 = 1 + p·tz and m41 = tx.
        expectMatrix(
            Transform3D.perspective(-0.002).translated(x: 3, y: 4, z: 5),
            [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 3, 4, 5, 1 - 0.002 * 5])
    }

    @Test func rotationAboutZIsCGAffineTransformsRotation() {
        let theta = 0.3
        let (c, s) = (cos(theta), sin(theta))
        // CGAffineTransformMakeRotation: a = cos, b = sin, c = −sin, d = cos.
        expectMatrix(.rotation(by: theta, x: 0, y: 0, z: 1), [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    }

    @Test func rotationsAboutYAndMinusX() {
        let theta = 0.7
        let (c, s) = (cos(theta), sin(theta))
        // Rodrigues for row vectors: about y, m13 = −sin and m31 = sin (a right-hand edge recedes).
        expectMatrix(.rotation(by: theta, x: 0, y: 1, z: 0), [c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1])
        // About (−1, 0, 0), iCarousel's vertical axis: a turn by −θ about +x.
        expectMatrix(.rotation(by: theta, x: -1, y: 0, z: 0), [1, 0, 0, 0, 0, c, -s, 0, 0, s, c, 0, 0, 0, 0, 1])
        // The axis is normalised: (0, 2, 0) is (0, 1, 0).
        #expect(Transform3D.rotation(by: theta, x: 0, y: 2, z: 0) == .rotation(by: theta, x: 0, y: 1, z: 0))
    }

    @Test func aGeneralAxisFollowsRodrigues() {
        let theta = 1.1
        let (c, s, k) = (cos(theta), sin(theta), 1 - cos(theta))
        let (x, y, z) = (1 / 3.0, 2 / 3.0, 2 / 3.0)  // a unit axis
        expectMatrix(
            .rotation(by: theta, x: 1, y: 2, z: 2),
            [
                x * x * k + c, x * y * k + z * s, x * z * k - y * s, 0,
                x * y * k - z * s, y * y * k + c, y * z * k + x * s, 0,
                x * z * k + y * s, y * z * k - x * s, z * z * k + c, 0,
                0, 0, 0, 1,
            ])
    }

    @Test func operationsPreMultiplySoTheLastActsFirst() {
        // Rotate(Translate(I, 10, 0, 0), 90° about z) = Rot·Tr: the point (0, 0) is turned first (still
        // the origin), then moved to (10, 0). Translate(Rotate(I, 90°), 10, 0, 0) = Tr·Rot: moved to
        // (10, 0) first, then turned to (cos 90°·10, sin 90°·10) = (0, 10).
        let quarter = Double.pi / 2
        let turnedThenMoved = Transform3D.identity.translated(x: 10, y: 0, z: 0).rotated(by: quarter, x: 0, y: 0, z: 1)
        let movedThenTurned = Transform3D.identity.rotated(by: quarter, x: 0, y: 0, z: 1).translated(x: 10, y: 0, z: 0)
        let a = turnedThenMoved.apply(to: Point(x: 0, y: 0))
        let b = movedThenTurned.apply(to: Point(x: 0, y: 0))
        #expect(close(a.x, 10) && close(a.y, 0) && a.w == 1)
        #expect(close(b.x, 10 * cos(quarter)) && close(b.y, 10 * sin(quarter)) && b.w == 1)
    }

    @Test func scaleAndConcatenation() {
        expectMatrix(.scale(x: 2, y: 3, z: 4), [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1])
        // Scale(Tr(5, 0, 0), 2, 2, 1) = Sc·Tr: a point is scaled, then moved: (1, 1) → (7, 2).
        let scaledThenMoved = Transform3D.translation(x: 5, y: 0, z: 0).scaled(x: 2, y: 2, z: 1)
        let p = scaledThenMoved.apply(to: Point(x: 1, y: 1))
        #expect(p.x == 7 && p.y == 2)
        // Concat(a, b) = a·b: a first. Tr(5)·Sc(2): (1, 1) → (6, 1) → (12, 2).
        let q = Transform3D.translation(x: 5, y: 0, z: 0).concatenating(.scale(x: 2, y: 2, z: 1)).apply(
            to: Point(x: 1, y: 1))
        #expect(q.x == 12 && q.y == 2)
    }

    @Test func aPlainScaleIsScaleSSOneAndNothingElse() {
        #expect(Transform3D.identity.plainScale == 1)
        #expect(Transform3D.scale(x: 0.72, y: 0.72, z: 1).plainScale == 0.72)
        #expect(Transform3D.scale(x: 2, y: 2, z: 2).plainScale == nil)  // a depth scale is not "plain"
        #expect(Transform3D.scale(x: 2, y: 3, z: 1).plainScale == nil)
        #expect(Transform3D.scale(x: 0, y: 0, z: 1).plainScale == nil)
        #expect(Transform3D.translation(x: 1, y: 0, z: 0).plainScale == nil)
        #expect(Transform3D.perspective(-0.002).plainScale == nil)
        #expect(Transform3D.rotation(by: 0.1, x: 0, y: 0, z: 1).plainScale == nil)
    }

    @Test func valuesAreInRowOrderWithoutSignedZeros() {
        let t = Transform3D(values: (1...16).map(Double.init))
        #expect(t?.m12 == 2 && t?.m21 == 5 && t?.m34 == 12 && t?.m43 == 15)
        #expect(t?.values == (1...16).map(Double.init))
        #expect(Transform3D(values: [1, 2, 3]) == nil)
        var negativeZero = Transform3D.identity
        negativeZero.m12 = -0.0
        #expect(negativeZero.values[1].sign == .plus)
    }

    @Test func projectionDividesByWAndDropsWhatIsBehindTheEye() {
        let centre = Point(x: 187.5, y: 333.5)
        // z = 100 towards the eye: W = 0.8, so (50, 0) lands 62.5 pt right of the centre.
        let near = Transform3D.perspective(-0.002).translated(x: 0, y: 0, z: 100)
        #expect(near.project(Point(x: 50, y: 0), center: centre) == Point(x: 250, y: 333.5))
        // z = 600, beyond the eye at 500: W = 1 − 1.2 < 0, not drawn.
        let behind = Transform3D.perspective(-0.002).translated(x: 0, y: 0, z: 600)
        #expect(behind.project(Point(x: 0, y: 0), center: centre) == nil)
    }

    @Test func visibleAreaOfFlatItems() {
        let viewport = Size(width: 375, height: 667)
        let centre = Point(x: 187.5, y: 333.5)
        let bounds = Size(width: 200, height: 200)
        // Centred: the whole 200 × 200.
        #expect(close(Transform3D.identity.visibleArea(of: bounds, center: centre, in: viewport), 40_000))
        // Moved 237.5 right: x from 325 to 525, 50 pt inside the 375 pt viewport.
        let moved = Transform3D.translation(x: 237.5, y: 0, z: 0)
        #expect(close(moved.visibleArea(of: bounds, center: centre, in: viewport), 50 * 200))
        // Moved 287.5 right: its left edge on the viewport's right edge, no area.
        let touching = Transform3D.translation(x: 287.5, y: 0, z: 0)
        #expect(touching.visibleArea(of: bounds, center: centre, in: viewport) < 1e-9)
        // Under perspective at z = 100: 250 × 250 (W = 0.8).
        let near = Transform3D.perspective(-0.002).translated(x: 0, y: 0, z: 100)
        #expect(close(near.visibleArea(of: bounds, center: centre, in: viewport), 250 * 250))
        // Wholly behind the eye, and edge-on (turned 90° about y): nothing.
        let behind = Transform3D.perspective(-0.002).translated(x: 0, y: 0, z: 600)
        #expect(behind.visibleArea(of: bounds, center: centre, in: viewport) == 0)
        let edgeOn = Transform3D.perspective(-0.002).rotated(by: Double.pi / 2, x: 0, y: 1, z: 0)
        #expect(edgeOn.visibleArea(of: bounds, center: centre, in: viewport) < 1e-9)
    }

    @Test func visibleAreaOfAnItemPartlyBehindTheEye() {
        let viewport = Size(width: 375, height: 667)
        let centre = Point(x: 187.5, y: 333.5)
        let bounds = Size(width: 200, height: 200)
        // Turned 90° about y, then moved 300 towards the eye: the item is the segment x = 0,
        // z = 300 − x from 200 to 400, seen end-on: no area. (Moved 400, its edge would reach the
        // eye, where cos(π/2) = 6·10⁻¹⁷ ≠ 0 blows the sliver up to half the viewport: the matrix's
        // true picture, not an edge-on one.)
        let endOn = Transform3D.perspective(-0.002).translated(x: 0, y: 0, z: 300)
            .rotated(by: Double.pi / 2, x: 0, y: 1, z: 0)
        #expect(endOn.visibleArea(of: bounds, center: centre, in: viewport) < 1e-9)
        // Turned 80°, then moved 450 towards the eye: (x, y) → (x·c, y, 450 − x·s), W = 1 − 0.002·z ≤ 0
        // for x ≤ −50.8 (not drawn). Each column x draws at u = x·c/W with half-height 100/W, both
        // growing as x falls, so the drawn region is everything left of the right edge's
        // u = 100·c/W(100), whose half-height (336.7) exceeds the viewport's 333.5.
        let theta = 80 * Double.pi / 180
        let rightEdgeW = 1 - 0.002 * (450 - 100 * sin(theta))
        let rightEdge = 100 * cos(theta) / rightEdgeW
        #expect(100 / rightEdgeW > 333.5)
        let tilted = Transform3D.perspective(-0.002).translated(x: 0, y: 0, z: 450)
            .rotated(by: theta, x: 0, y: 1, z: 0)
        let area = tilted.visibleArea(of: bounds, center: centre, in: viewport)
        #expect(abs(area - (rightEdge + 187.5) * 667) < 1e-6)
    }
}
