import Foundation
import GalleryLayout
import Testing

/// CSS Transforms Level 2's interpolation of 3D matrices, against matrices written out here: a turn
/// about y halfway is the half turn, translations and perspective lerp, and a carousel's matrices
/// (perspective, rotation, translation) come back from their parts.
@Suite struct Transform3DInterpolationTests {
    /// Entry by entry, both divided by their m44 (a matrix and its multiples project alike). The
    /// decomposition takes the quaternion from square roots of sums that cancel (1 + m11 − m22 − m33
    /// of a turn about y is rounding noise, whose root is ~1e-8): entries come back within a few 1e-8
    /// (2e-6 pt on a 200-pt card).
    func close(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 5e-8) -> Bool {
        zip(a.values, b.values).allSatisfy { abs($0 / a.m44 - $1 / b.m44) <= tolerance * max(1, abs($1 / b.m44)) }
    }

    /// rotateY(θ) in the row-vector convention: m11 = cos θ, m13 = −sin θ, m31 = sin θ, m33 = cos θ.
    func rotationY(_ theta: Double) throws -> Transform3D {
        try #require(
            Transform3D(values: [cos(theta), 0, -sin(theta), 0, 0, 1, 0, 0, sin(theta), 0, cos(theta), 0, 0, 0, 0, 1]))
    }

    @Test func aTurnAboutYHalfwayIsTheHalfTurn() throws {
        let quarter = Double.pi / 2
        let half = try rotationY(0).interpolated(to: rotationY(quarter), 0.5)
        #expect(try close(half, rotationY(quarter / 2)), "\(half.values)")
        #expect(try close(rotationY(0.3).interpolated(to: rotationY(1.1), 0.25), rotationY(0.5)))
    }

    @Test func translationsAndPerspectiveAreLerped() {
        let a = Transform3D.translation(x: 0, y: 10, z: 0)
        let b = Transform3D.translation(x: 100, y: -30, z: 40)
        #expect(close(a.interpolated(to: b, 0.25), .translation(x: 25, y: 0, z: 10)))
        let eye = Transform3D.perspective(-0.002).interpolated(to: .perspective(-0.004), 0.5)
        #expect(close(eye, .perspective(-0.003)))
    }

    @Test func carouselMatricesComeBackFromTheirParts() throws {
        for type in [CarouselType.coverflow, .rotary, .cylinder, .wheel, .timeMachine, .invertedCylinder] {
            let layout = CarouselLayout(type: type)
            for o in [-2.5, -1, -0.3, 0, 0.7, 1, 3] {
                let m = layout.transform(forOffset: o, count: 10, viewport: Size(width: 375, height: 300))
                let parts = try #require(m.decomposed, "\(type) at \(o)")
                #expect(close(Transform3D.recomposed(parts), m), "\(type) at \(o): \(m.values)")
                #expect(close(m.interpolated(to: m, 0.4), m), "\(type) at \(o)")
            }
        }
    }

    @Test func aMatrixThatCannotBeDecomposedJumpsHalfway() {
        let flat = Transform3D.scale(x: 0, y: 1, z: 1)
        #expect(flat.decomposed == nil)
        #expect(flat.interpolated(to: .identity, 0.49) == flat)
        #expect(flat.interpolated(to: .identity, 0.5) == .identity)
    }
}
