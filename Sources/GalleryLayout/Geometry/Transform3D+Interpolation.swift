import CCPU

/// Interpolation of two `CATransform3D`s as CSS Transforms Level 2 interpolates 3D matrices
/// ("Interpolation of Matrices"): each decomposed into translation, scale, skew, perspective and a
/// quaternion ("unmatrix", Graphics Gems II), those lerped and the quaternions slerped, then
/// recomposed — as Core Animation animates `transform`. The pseudocode's `matrix[i][j]` is m(i+1)(j+1)
/// here (the translation is row 4 in both); its steps are followed in order, with `gr_acos`, `gr_sin`
/// and `gr_cos`, so the result has the same bits on every CPU.
extension Transform3D {
    /// The parts of a matrix, as "Decomposing a 3D matrix" gives them.
    public struct Decomposed: Sendable, Hashable {
        public var translation: [Double]  // 3
        public var scale: [Double]  // 3
        public var skew: [Double]  // XY, XZ, YZ
        public var perspective: [Double]  // 4
        public var quaternion: [Double]  // x, y, z, w
    }

    /// The matrix `p` of the way from `self` (0) to `end` (1); where either cannot be decomposed
    /// (m44 = 0, or a singular upper 3 × 3), the start's until halfway, then the end's, as CSS
    /// falls back to a discrete animation.
    public func interpolated(to end: Transform3D, _ p: Double) -> Transform3D {
        guard let a = decomposed, let b = end.decomposed else { return p < 0.5 ? self : end }
        func lerp(_ x: [Double], _ y: [Double]) -> [Double] { zip(x, y).map { $0 + ($1 - $0) * p } }
        return Self.recomposed(
            Decomposed(
                translation: lerp(a.translation, b.translation), scale: lerp(a.scale, b.scale),
                skew: lerp(a.skew, b.skew), perspective: lerp(a.perspective, b.perspective),
                quaternion: Self.slerp(a.quaternion, b.quaternion, p)))
    }

    /// "Decomposing a 3D matrix"; nil where it returns false.
    public var decomposed: Decomposed? {
        guard m44 != 0 else { return nil }
        let matrix = rows.map { row in row.map { $0 / m44 } }
        var perspectiveMatrix = matrix
        for i in 0..<3 { perspectiveMatrix[i][3] = 0 }
        perspectiveMatrix[3][3] = 1
        guard let inverse = Self.inverse(perspectiveMatrix) else { return nil }
        var perspective: [Double] = [0, 0, 0, 1]
        if matrix[0][3] != 0 || matrix[1][3] != 0 || matrix[2][3] != 0 {
            let rightHandSide = [matrix[0][3], matrix[1][3], matrix[2][3], matrix[3][3]]
            // multVecMatrix(rhs, transpose(inverse)): entry i is Σ_j rhs[j]·inverse[i][j].
            perspective = (0..<4).map { i in
                ((rightHandSide[0] * inverse[i][0] + rightHandSide[1] * inverse[i][1]) + rightHandSide[2]
                    * inverse[i][2])
                    + rightHandSide[3] * inverse[i][3]
            }
        }
        let translation = [matrix[3][0], matrix[3][1], matrix[3][2]]
        let (scale, skew, quaternion) = Self.scaleSkewRotation(rows: (0..<3).map { Array(matrix[$0][0..<3]) })
        return Decomposed(
            translation: translation, scale: scale, skew: skew, perspective: perspective, quaternion: quaternion)
    }

    /// Scale, shear and the rotation's quaternion of the upper 3 × 3 (`row`), as the pseudocode takes
    /// them out.
    private static func scaleSkewRotation(rows: [[Double]]) -> (scale: [Double], skew: [Double], quaternion: [Double]) {
        var row = rows
        var scale = [0.0, 0, 0], skew = [0.0, 0, 0]
        scale[0] = length(row[0])
        row[0] = normalize(row[0])
        skew[0] = dot(row[0], row[1])
        row[1] = combine(row[1], row[0], 1, -skew[0])
        scale[1] = length(row[1])
        row[1] = normalize(row[1])
        skew[0] /= scale[1]
        skew[1] = dot(row[0], row[2])
        row[2] = combine(row[2], row[0], 1, -skew[1])
        skew[2] = dot(row[1], row[2])
        row[2] = combine(row[2], row[1], 1, -skew[2])
        scale[2] = length(row[2])
        row[2] = normalize(row[2])
        skew[1] /= scale[2]
        skew[2] /= scale[2]
        if dot(row[0], cross(row[1], row[2])) < 0 {
            for i in 0..<3 {
                scale[i] *= -1
                row[i] = row[i].map { -$0 }
            }
        }
        var quaternion = [
            0.5 * max(((1 + row[0][0]) - row[1][1]) - row[2][2], 0).squareRoot(),
            0.5 * max(((1 - row[0][0]) + row[1][1]) - row[2][2], 0).squareRoot(),
            0.5 * max(((1 - row[0][0]) - row[1][1]) + row[2][2], 0).squareRoot(),
            0.5 * max(((1 + row[0][0]) + row[1][1]) + row[2][2], 0).squareRoot(),
        ]
        if row[2][1] > row[1][2] { quaternion[0] = -quaternion[0] }
        if row[0][2] > row[2][0] { quaternion[1] = -quaternion[1] }
        if row[1][0] > row[0][1] { quaternion[2] = -quaternion[2] }
        return (scale, skew, quaternion)
    }

    /// The pseudocode's Slerp, as it stands (no turn to the shorter arc).
    static func slerp(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] {
        let product = min(max(dot4(a, b), -1), 1)
        if abs(product) == 1 { return a }
        let theta = gr_acos(product)
        let w = gr_sin(t * theta) / (1 - product * product).squareRoot()
        let keep = gr_cos(t * theta) - product * w
        return (0..<4).map { a[$0] * keep + b[$0] * w }
    }

    /// "Recomposing to a 3D matrix".
    public static func recomposed(_ d: Decomposed) -> Transform3D {
        var matrix = identity.rows
        for i in 0..<4 { matrix[i][3] = d.perspective[i] }
        for i in 0..<4 {
            for j in 0..<3 { matrix[3][i] += d.translation[j] * matrix[j][i] }
        }
        let (x, y, z, w) = (d.quaternion[0], d.quaternion[1], d.quaternion[2], d.quaternion[3])
        var rotation = identity.rows
        // The pseudocode's rotation matrix transposed: its decomposition takes the quaternion's signs
        // from the rows so that its own recomposition gives back the transposed rotation (each turn
        // the other way); transposed, recomposing a decomposition gives the matrix back, as browsers
        // do. The slerp is the same either way (conjugating both quaternions keeps their product).
        rotation[0][0] = 1 - 2 * (y * y + z * z)
        rotation[0][1] = 2 * (x * y + z * w)
        rotation[0][2] = 2 * (x * z - y * w)
        rotation[1][0] = 2 * (x * y - z * w)
        rotation[1][1] = 1 - 2 * (x * x + z * z)
        rotation[1][2] = 2 * (y * z + x * w)
        rotation[2][0] = 2 * (x * z + y * w)
        rotation[2][1] = 2 * (y * z - x * w)
        rotation[2][2] = 1 - 2 * (x * x + y * y)
        var result = Transform3D(rows: rotation).concatenating(Transform3D(rows: matrix))
        var temp = identity.rows
        if d.skew[2] != 0 {
            temp[2][1] = d.skew[2]
            result = Transform3D(rows: temp).concatenating(result)
        }
        if d.skew[1] != 0 {
            temp[2][1] = 0
            temp[2][0] = d.skew[1]
            result = Transform3D(rows: temp).concatenating(result)
        }
        if d.skew[0] != 0 {
            temp[2][0] = 0
            temp[1][0] = d.skew[0]
            result = Transform3D(rows: temp).concatenating(result)
        }
        var out = result.rows
        for i in 0..<3 {
            for j in 0..<4 { out[i][j] *= d.scale[i] }
        }
        return Transform3D(rows: out)
    }
}
