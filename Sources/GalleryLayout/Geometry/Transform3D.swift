import CCPU

/// A `CATransform3D`: a 4 × 4 matrix in Core Animation's row-vector convention. A point p = [x y z 1]
/// of an item (relative to its centre, y down, z towards the viewer) maps to p·M; the translation is
/// row 4 (m41, m42, m43) and the perspective column 4 (m34 for z).
///
/// The constructors mean exactly what Core Animation's do: `translated`, `rotated` and `scaled`
/// multiply the new operation on the LEFT (`CATransform3DTranslate(t, …)` = Tr·t), so it acts on a
/// point before everything already in the matrix; `concatenating` is `CATransform3DConcat` (self
/// first, then other). Products sum k = 1…4 in order, with no fused multiply-add, and the rotations
/// take `gr_sin`/`gr_cos`, so a matrix has the same bits on every CPU.
public struct Transform3D: Sendable, Hashable {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    /// The matrix whose entries are `values` in m11, m12, …, m44 order; nil unless there are 16.
    public init?(values: [Double]) {
        guard values.count == 16 else { return nil }
        (m11, m12, m13, m14) = (values[0], values[1], values[2], values[3])
        (m21, m22, m23, m24) = (values[4], values[5], values[6], values[7])
        (m31, m32, m33, m34) = (values[8], values[9], values[10], values[11])
        (m41, m42, m43, m44) = (values[12], values[13], values[14], values[15])
    }

    /// A matrix from its rows, each [m_i1 m_i2 m_i3 m_i4].
    init(rows r: [[Double]]) {
        (m11, m12, m13, m14) = (r[0][0], r[0][1], r[0][2], r[0][3])
        (m21, m22, m23, m24) = (r[1][0], r[1][1], r[1][2], r[1][3])
        (m31, m32, m33, m34) = (r[2][0], r[2][1], r[2][2], r[2][3])
        (m41, m42, m43, m44) = (r[3][0], r[3][1], r[3][2], r[3][3])
    }

    /// `CATransform3DIdentity`.
    public static let identity = Transform3D(rows: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])

    /// The identity with m34 = `m34`: a perspective with the eye at z = −1/m34 (−1/500: 500 pt).
    public static func perspective(_ m34: Double) -> Transform3D {
        var transform = identity
        transform.m34 = m34
        return transform
    }

    /// `CATransform3DMakeTranslation(x, y, z)`.
    public static func translation(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rows: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [x, y, z, 1]])
    }

    /// `CATransform3DMakeScale(x, y, z)`.
    public static func scale(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rows: [[x, 0, 0, 0], [0, y, 0, 0], [0, 0, z, 0], [0, 0, 0, 1]])
    }

    /// `CATransform3DMakeRotation(angle, x, y, z)`: `angle` radians about the axis (x, y, z), which is
    /// normalised first; right-handed Rodrigues, transposed for row vectors (about z: m11 = cos,
    /// m12 = sin, m21 = −sin, m22 = cos, as `CGAffineTransformMakeRotation`). A zero axis gives the
    /// identity (Core Animation leaves that case undefined).
    public static func rotation(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { return identity }
        let (x, y, z) = length == 1 ? (x, y, z) : (x / length, y / length, z / length)
        let (c, s) = (gr_cos(angle), gr_sin(angle))
        let k = 1 - c
        return Transform3D(rows: [
            [x * x * k + c, x * y * k + z * s, x * z * k - y * s, 0],
            [x * y * k - z * s, y * y * k + c, y * z * k + x * s, 0],
            [x * z * k + y * s, y * z * k - x * s, z * z * k + c, 0],
            [0, 0, 0, 1],
        ])
    }

    /// `CATransform3DConcat(self, other)` = self·other: self acts on a point first, then `other`.
    public func concatenating(_ other: Transform3D) -> Transform3D {
        // Row-major in registers, not arrays: layouts of long motions multiply many matrices.
        let (a, b) = (flat, other.flat)
        var product = SIMD16<Double>()
        for i in 0..<4 {
            for j in 0..<4 {
                let (first, second): (Double, Double) = (a[i * 4] * b[j], a[i * 4 + 1] * b[4 + j])
                let (third, fourth): (Double, Double) = (a[i * 4 + 2] * b[8 + j], a[i * 4 + 3] * b[12 + j])
                product[i * 4 + j] = ((first + second) + third) + fourth
            }
        }
        return Transform3D(flat: product)
    }

    /// The entries row by row.
    private var flat: SIMD16<Double> {
        SIMD16(m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44)
    }

    private init(flat r: SIMD16<Double>) {
        (m11, m12, m13, m14) = (r[0], r[1], r[2], r[3])
        (m21, m22, m23, m24) = (r[4], r[5], r[6], r[7])
        (m31, m32, m33, m34) = (r[8], r[9], r[10], r[11])
        (m41, m42, m43, m44) = (r[12], r[13], r[14], r[15])
    }

    /// `CATransform3DTranslate(self, x, y, z)` = Tr(x, y, z)·self.
    public func translated(x: Double, y: Double, z: Double) -> Transform3D {
        Self.translation(x: x, y: y, z: z).concatenating(self)
    }

    /// `CATransform3DRotate(self, angle, x, y, z)` = Rot(angle; x, y, z)·self.
    public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Self.rotation(by: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// `CATransform3DScale(self, x, y, z)` = Sc(x, y, z)·self.
    public func scaled(x: Double, y: Double, z: Double) -> Transform3D {
        Self.scale(x: x, y: y, z: z).concatenating(self)
    }

    /// [X Y Z W] = [x y z 1]·M for a point (x, y) of the item's plane at depth `z`.
    public func apply(to point: Point, z: Double = 0) -> Homogeneous {
        let (x, y) = (point.x, point.y)
        return Homogeneous(
            x: ((x * m11 + y * m21) + z * m31) + m41, y: ((x * m12 + y * m22) + z * m32) + m42,
            z: ((x * m13 + y * m23) + z * m33) + m43, w: ((x * m14 + y * m24) + z * m34) + m44)
    }

    /// Where `point` of an item centred at `center` is drawn: (cx + X/W, cy + Y/W); nil where W ≤ 0
    /// (at or behind the eye: not drawn).
    public func project(_ point: Point, center: Point) -> Point? {
        let image = apply(to: point)
        guard image.w > 0 else { return nil }
        return Point(x: center.x + image.x / image.w, y: center.y + image.y / image.w)
    }

    /// Whether the plane's back faces the viewer: the projection of the plane z = 0,
    /// H = [[m11 m12 m14] [m21 m22 m24] [m41 m42 m44]], reverses orientation (det H < 0), the
    /// geometric test for a single-sided layer (Core Animation's own is not documented).
    public var facesAway: Bool {
        let first = m11 * (m22 * m44 - m24 * m42)
        let second = m12 * (m21 * m44 - m24 * m41)
        let third = m14 * (m21 * m42 - m22 * m41)
        return (first - second) + third < 0
    }

    /// s when this is exactly a plain scale: s·I in the plane with nothing else, i.e.
    /// `CATransform3DMakeScale(s, s, 1)` (what `CATransform3DMakeAffineTransform` makes of
    /// `CGAffineTransform(scaleX: s, y: s)`, as UIKit stores a layout's scale) with a finite s > 0;
    /// nil for any other matrix (a z scale, translation, rotation or perspective is "something else").
    public var plainScale: Double? {
        guard m11 == m22, m11 > 0, m11.isFinite, m33 == 1, m44 == 1 else { return nil }
        let rest = [m12, m13, m14, m21, m23, m24, m31, m32, m34, m41, m42, m43]
        return rest.allSatisfy { $0 == 0 } ? m11 : nil
    }

    /// The 16 entries in m11, m12, …, m44 order, as `layout` JSON prints them; a signed zero is
    /// written as 0 (−0 and 0 are the same entry).
    public var values: [Double] {
        rows.joined().map { $0 == 0 ? 0 : $0 }
    }

    /// The rows [m_i1 m_i2 m_i3 m_i4], i = 1…4.
    var rows: [[Double]] {
        [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
    }

    /// A point in homogeneous coordinates, [X Y Z W].
    public struct Homogeneous: Sendable, Hashable {
        public var x, y, z, w: Double

        public init(x: Double, y: Double, z: Double, w: Double) {
            (self.x, self.y, self.z, self.w) = (x, y, z, w)
        }
    }
}
