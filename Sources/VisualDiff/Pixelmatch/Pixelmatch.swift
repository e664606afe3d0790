import Dispatch
import GalleryCore

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A port of pixelmatch 5.3.0 (mapbox/pixelmatch, ISC licence), the per-pixel image comparison
/// used by Playwright's `toHaveScreenshot`.
///
/// Semantics follow the JavaScript version step for step so counts agree pixel for pixel:
/// - Colours are compared by a weighted squared distance in YIQ space; a pixel differs when that
///   distance exceeds `35215 · threshold²` (35215 is the largest possible distance).
/// - Semi-transparent pixels are blended onto **white** by their alpha before comparison
///   (`c' = 255 + (c − 255) · a/255`), so e.g. transparent white equals opaque white.
/// - Unless `includeAA` is set, a differing pixel is not counted when it looks like anti-aliasing in
///   either image (V. Vysniauskas, "Anti-aliased Pixel and Intensity Slope Detector", 2009).
/// - All arithmetic is in `Double`, evaluated in the same order as the JS; diff image channels are
///   stored the way a `Uint8Array` stores a number (truncated toward zero, modulo 256).
///
/// Extra relative to the JS: the result also reports how many pixels were classified as
/// anti-aliasing, and large images are compared in parallel row bands (results are identical to a
/// serial run: each pixel's verdict only reads the two inputs, and the counts are sums). The
/// per-pixel work runs in C (`CPixelmatch`, AVX2 where the CPU has it), with shortcuts that only
/// skip work whose outcome is certain, so counts and diff images are the JavaScript's bit for bit.
public struct Pixelmatch: Sendable {
    /// An opaque diff-image colour.
    public struct Color: Sendable, Hashable {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// pixelmatch's default `aaColor`, `[255, 255, 0]`.
        public static let yellow = Color(red: 255, green: 255, blue: 0)
        /// pixelmatch's default `diffColor`, `[255, 0, 0]`.
        public static let red = Color(red: 255, green: 0, blue: 0)
    }

    /// Matching threshold in 0...1; smaller is more sensitive. pixelmatch default 0.1.
    public var threshold: Double = 0.1
    /// When true, anti-aliased pixels are counted as differences too (no AA detection).
    public var includeAA: Bool = false
    /// Opacity of the original image in the grey background of the diff image.
    public var alpha: Double = 0.1
    /// Diff-image colour of differing pixels that were classified as anti-aliasing.
    public var aaColor: Color = .yellow
    /// Diff-image colour of counted differences.
    public var diffColor: Color = .red
    /// When set, counted differences where the `img2` pixel is darker than the `img1` pixel (by YIQ
    /// luma after blending onto white) use this colour instead of `diffColor`.
    public var diffColorAlt: Color? = nil
    /// When true, only counted differences are drawn; other output pixels are left untouched.
    public var diffMask: Bool = false

    public init(
        threshold: Double = 0.1, includeAA: Bool = false, alpha: Double = 0.1,
        aaColor: Color = .yellow, diffColor: Color = .red, diffColorAlt: Color? = nil, diffMask: Bool = false
    ) {
        self.threshold = threshold
        self.includeAA = includeAA
        self.alpha = alpha
        self.aaColor = aaColor
        self.diffColor = diffColor
        self.diffColorAlt = diffColorAlt
        self.diffMask = diffMask
    }

    /// The outcome of a comparison.
    public struct Result: Sendable, Hashable {
        /// Pixels that differ beyond the threshold and are not anti-aliasing: pixelmatch's return value.
        public var diffPixels: Int
        /// Pixels that differ beyond the threshold but were classified as anti-aliasing (drawn in
        /// `aaColor`, not counted). Always 0 when `includeAA` is true.
        public var antiAliasedPixels: Int

        public init(diffPixels: Int, antiAliasedPixels: Int) {
            self.diffPixels = diffPixels
            self.antiAliasedPixels = antiAliasedPixels
        }
    }

    /// Compares two images.
    ///
    /// - Parameters:
    ///   - img1: RGBA8, straight (non-premultiplied) alpha, row-major, `width * height * 4` bytes.
    ///   - img2: Same layout and size as `img1`.
    ///   - output: When given (`width * height * 4` bytes), receives the diff image as RGBA8: counted
    ///     differences in `diffColor`, anti-aliasing in `aaColor`, everything else as `img1` in faded
    ///     grey. With `diffMask`, only counted differences are written.
    /// - Precondition: both images, and `output` if given, are exactly `width * height * 4` bytes.
    public func compare(
        _ img1: [UInt8], _ img2: [UInt8], width: Int, height: Int,
        output: UnsafeMutableBufferPointer<UInt8>? = nil
    ) -> Result {
        compare(img1, img2, width: width, height: height, output: output, minimumBandPixels: 1 << 16)
    }

    /// Compares two images and returns the diff image alongside the counts; nil when memory for the
    /// image cannot be had.
    ///
    /// The image starts fully transparent black, which only shows where `diffMask` leaves pixels
    /// unwritten. See `compare(_:_:width:height:output:)` for the layout requirements.
    public func compareWithDiffImage(
        _ img1: [UInt8], _ img2: [UInt8], width: Int, height: Int
    ) -> (result: Result, image: [UInt8])? {
        guard var image = LargeArray.filled(UInt8(0), count: img1.count) else { return nil }
        let result = image.withUnsafeMutableBufferPointer { buffer in
            compare(img1, img2, width: width, height: height, output: buffer)
        }
        return (result, image)
    }

    /// `compare` with the parallel band size exposed, so tests can force a serial run
    /// (`minimumBandPixels: .max`) or many small bands.
    func compare(
        _ img1: [UInt8], _ img2: [UInt8], width: Int, height: Int,
        output: UnsafeMutableBufferPointer<UInt8>?, minimumBandPixels: Int
    ) -> Result {
        precondition(width >= 0 && height >= 0, "Pixelmatch: negative image size")
        let (pixels, pixelsOverflow) = width.multipliedReportingOverflow(by: height)
        let (bytes, bytesOverflow) = pixels.multipliedReportingOverflow(by: 4)
        precondition(img1.count == img2.count, "Pixelmatch: image sizes do not match")
        precondition(
            !pixelsOverflow && !bytesOverflow && img1.count == bytes,
            "Pixelmatch: image data size does not match width/height")
        if let output { precondition(output.count == bytes, "Pixelmatch: output size does not match") }

        return img1.withUnsafeBufferPointer { buffer1 in
            img2.withUnsafeBufferPointer { buffer2 in
                guard pixels > 0, let a = buffer1.baseAddress, let b = buffer2.baseAddress else {
                    return Result(diffPixels: 0, antiAliasedPixels: 0)
                }
                let kernel = PixelmatchKernel(
                    options: self, img1: a, img2: b, width: width, height: height, output: output?.baseAddress)

                // Fast path if identical: pixelmatch compares the buffers as 32-bit words, which is
                // byte equality; the diff image is then all grey.
                if memcmp(a, b, bytes) == 0 {
                    if output != nil, !diffMask { kernel.drawGrayRows(0..<height) }
                    return Result(diffPixels: 0, antiAliasedPixels: 0)
                }

                let bands = max(1, min(height, pixels / max(1, minimumBandPixels)))
                if bands == 1 { return kernel.compareRows(0..<height) }

                // Each band writes only its own output rows and its own result slot.
                var results = [Result](repeating: Result(diffPixels: 0, antiAliasedPixels: 0), count: bands)
                results.withUnsafeMutableBufferPointer { buffer in
                    let slots = BandBuffer(buffer)
                    Parallel.forEach(bands) { band in
                        let rows = (band * height / bands)..<((band + 1) * height / bands)
                        slots[band] = kernel.compareRows(rows)
                    }
                }
                var total = Result(diffPixels: 0, antiAliasedPixels: 0)
                for result in results {
                    total.diffPixels += result.diffPixels
                    total.antiAliasedPixels += result.antiAliasedPixels
                }
                return total
            }
        }
    }
}
