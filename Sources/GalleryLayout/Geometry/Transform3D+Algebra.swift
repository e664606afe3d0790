/// The vector and matrix helpers the decomposition's pseudocode names, each summing in order with
/// no fused multiply-add.
extension Transform3D {
    static func dot(_ a: [Double], _ b: [Double]) -> Double { (a[0] * b[0] + a[1] * b[1]) + a[2] * b[2] }

    static func dot4(_ a: [Double], _ b: [Double]) -> Double { dot(a, b) + a[3] * b[3] }

    static func length(_ a: [Double]) -> Double { dot(a, a).squareRoot() }

    /// `a` divided by its length (unchanged when that is 0, where the pseudocode would divide by 0).
    static func normalize(_ a: [Double]) -> [Double] {
        let l = length(a)
        return l == 0 ? a : a.map { $0 / l }
    }

    /// a·ascl + b·bscl.
    static func combine(_ a: [Double], _ b: [Double], _ ascl: Double, _ bscl: Double) -> [Double] {
        (0..<3).map { a[$0] * ascl + b[$0] * bscl }
    }

    static func cross(_ a: [Double], _ b: [Double]) -> [Double] {
        [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    }

    /// The inverse of a 4 × 4 matrix by cofactors; nil when its determinant is 0 or not finite.
    static func inverse(_ m: [[Double]]) -> [[Double]]? {
        func minor(_ row: Int, _ column: Int) -> Double {
            let r = (0..<4).filter { $0 != row }, c = (0..<4).filter { $0 != column }
            let a = m[r[0]][c[0]] * (m[r[1]][c[1]] * m[r[2]][c[2]] - m[r[1]][c[2]] * m[r[2]][c[1]])
            let b = m[r[0]][c[1]] * (m[r[1]][c[0]] * m[r[2]][c[2]] - m[r[1]][c[2]] * m[r[2]][c[0]])
            let d = m[r[0]][c[2]] * (m[r[1]][c[0]] * m[r[2]][c[1]] - m[r[1]][c[1]] * m[r[2]][c[0]])
            return (a - b) + d
        }
        let cofactors = (0..<4).map { i in (0..<4).map { j in ((i + j) % 2 == 0 ? 1.0 : -1.0) * minor(i, j) } }
        let determinant =
            ((m[0][0] * cofactors[0][0] + m[0][1] * cofactors[0][1]) + m[0][2] * cofactors[0][2])
            + m[0][3] * cofactors[0][3]
        guard determinant != 0, determinant.isFinite else { return nil }
        // The adjugate is the cofactors transposed.
        return (0..<4).map { i in (0..<4).map { j in cofactors[j][i] / determinant } }
    }
}
