import CPixelmatch
import GalleryCore

/// swift-snapshot-testing's `perceptualPrecision`: a pixel differs when its CIE ΔE 1994 from the
/// expected pixel exceeds `(1 − precision)·100` (0.98 passes ΔE ≤ 2). The loop is CPixelmatch's
/// `gr_delta_e94_rows`, run in bands of rows on up to `jobs` threads; the count is the same whatever
/// `jobs` is.
public struct DeltaE94: Sendable {
    /// The largest ΔE94 a matching pixel may have.
    public var maxDeltaE: Double

    public init(perceptualPrecision: Double) { maxDeltaE = (1 - perceptualPrecision) * 100 }

    /// The number of differing pixels of two images of one size, and the diff image when asked
    /// (nil when its memory cannot be had).
    public func compare(_ a: RGBAImage, _ b: RGBAImage, diffImage: Bool, jobs: Int = 2) -> (Int, RGBAImage?) {
        let (width, height) = (a.width, a.height)
        var diff = diffImage ? LargeArray.uninitialized(UInt8.self, count: width * height * 4) : nil
        let bands = stride(from: 0, to: height, by: 64).map { $0..<min($0 + 64, height) }
        let maxDeltaE = maxDeltaE
        /// Counts in parallel bands, each writing only its own rows of `out`.
        func count(_ out: UnsafeMutablePointer<UInt8>?) -> Int {
            a.pixels.withUnsafeBufferPointer { expected in
                b.pixels.withUnsafeBufferPointer { actual in
                    nonisolated(unsafe) let (e, q, pixels) = (expected.baseAddress, actual.baseAddress, out)
                    return Parallel.map(bands, jobs: max(1, jobs)) { rows in
                        Int(
                            gr_delta_e94_rows(
                                e, q, width, rows.lowerBound, rows.upperBound, Int.max, maxDeltaE, pixels))
                    }.reduce(0, +)
                }
            }
        }
        let counted: Int
        if diff != nil {
            counted = diff?.withUnsafeMutableBufferPointer { count($0.baseAddress) } ?? 0
        } else {
            counted = count(nil)
        }
        return (counted, diff.map { RGBAImage(width: width, height: height, pixels: $0) })
    }
}
