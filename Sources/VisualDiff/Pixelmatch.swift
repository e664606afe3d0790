import Dispatch

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
/// serial run: each pixel's verdict only reads the two inputs, and the counts are sums).
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

    /// Compares two images and returns the diff image alongside the counts.
    ///
    /// The image starts fully transparent black, which only shows where `diffMask` leaves pixels
    /// unwritten. See `compare(_:_:width:height:output:)` for the layout requirements.
    public func compareWithDiffImage(
        _ img1: [UInt8], _ img2: [UInt8], width: Int, height: Int
    ) -> (result: Result, image: [UInt8]) {
        var image = [UInt8](repeating: 0, count: img1.count)
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
                let kernel = Kernel(
                    options: self, img1: a, img2: b, width: width, height: height, output: output?.baseAddress)

                // Fast path if identical: pixelmatch compares the buffers as 32-bit words, which is
                // byte equality; the diff image is then all grey.
                if memcmp(a, b, bytes) == 0 {
                    if kernel.output != nil, !diffMask {
                        for pos in stride(from: 0, to: bytes, by: 4) { kernel.drawGrayPixel(pos) }
                    }
                    return Result(diffPixels: 0, antiAliasedPixels: 0)
                }

                let bands = max(1, min(height, pixels / max(1, minimumBandPixels)))
                if bands == 1 { return kernel.compareRows(0..<height) }

                // Each band writes only its own output rows and its own result slot.
                var results = [Result](repeating: Result(diffPixels: 0, antiAliasedPixels: 0), count: bands)
                results.withUnsafeMutableBufferPointer { buffer in
                    guard let base = buffer.baseAddress else { return }
                    let slots = BandSlots(base: base)
                    DispatchQueue.concurrentPerform(iterations: bands) { band in
                        let rows = (band * height / bands)..<((band + 1) * height / bands)
                        slots.base[band] = kernel.compareRows(rows)
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

/// One result slot per row band; each band's worker writes only its own slot.
private struct BandSlots: @unchecked Sendable {
    let base: UnsafeMutablePointer<Pixelmatch.Result>
}

/// The comparison over borrowed pixel pointers. Only valid inside the `withUnsafeBufferPointer`
/// scopes of `Pixelmatch.compare`. Sendable because the inputs are only read and concurrent row
/// bands write disjoint rows of `output`.
private struct Kernel: @unchecked Sendable {
    let img1: UnsafePointer<UInt8>
    let img2: UnsafePointer<UInt8>
    let output: UnsafeMutablePointer<UInt8>?
    let width: Int
    let height: Int
    /// Maximum acceptable squared YIQ distance: `35215 · threshold · threshold`.
    let maxDelta: Double
    let includeAA: Bool
    let alpha: Double
    let aaColor: Pixelmatch.Color
    let diffColor: Pixelmatch.Color
    let diffColorAlt: Pixelmatch.Color?
    let diffMask: Bool

    init(
        options: Pixelmatch, img1: UnsafePointer<UInt8>, img2: UnsafePointer<UInt8>, width: Int, height: Int,
        output: UnsafeMutablePointer<UInt8>?
    ) {
        self.img1 = img1
        self.img2 = img2
        self.output = output
        self.width = width
        self.height = height
        maxDelta = 35215 * options.threshold * options.threshold
        includeAA = options.includeAA
        alpha = options.alpha
        aaColor = options.aaColor
        diffColor = options.diffColor
        diffColorAlt = options.diffColorAlt
        diffMask = options.diffMask
    }

    /// pixelmatch's main loop, restricted to `rows`.
    func compareRows(_ rows: Range<Int>) -> Pixelmatch.Result {
        var diff = 0
        var antiAliased = 0
        for y in rows {
            for x in 0..<width {
                let pos = (y * width + x) * 4
                // Squared YIQ distance, negative if the img2 pixel is darker.
                let delta = colorDelta(img1, pos, img2, pos)
                if abs(delta) > maxDelta {
                    if !includeAA && (antialiased(img1, x, y, other: img2) || antialiased(img2, x, y, other: img1)) {
                        // Anti-aliasing: drawn (unless masking) but not counted.
                        antiAliased += 1
                        if !diffMask { drawPixel(pos, aaColor) }
                    } else {
                        drawPixel(pos, delta < 0 ? (diffColorAlt ?? diffColor) : diffColor)
                        diff += 1
                    }
                } else if !diffMask {
                    drawGrayPixel(pos)
                }
            }
        }
        return Pixelmatch.Result(diffPixels: diff, antiAliasedPixels: antiAliased)
    }

    /// Whether the pixel at (x1, y1) of `img` is likely anti-aliasing: it has at most two equal
    /// neighbours (an image border counts as one), both a brighter and a darker neighbour, and the
    /// darkest or the brightest neighbour has 3+ equal neighbours of its own in both images.
    func antialiased(_ img: UnsafePointer<UInt8>, _ x1: Int, _ y1: Int, other img2: UnsafePointer<UInt8>) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let pos = (y1 * width + x1) * 4
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var minimum = 0.0
        var maximum = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0

        // The 8 neighbours, column by column as in pixelmatch (order decides ties below).
        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                // Luma of the centre minus luma of the neighbour.
                let delta = lumaDelta(img, pos, (y * width + x) * 4)
                if delta == 0 {
                    zeroes += 1
                    // More than two equal neighbours: definitely not anti-aliasing.
                    if zeroes > 2 { return false }
                } else if delta < minimum {
                    minimum = delta
                    minX = x
                    minY = y
                } else if delta > maximum {
                    maximum = delta
                    maxX = x
                    maxY = y
                }
            }
        }

        // Needs both a brighter and a darker neighbour.
        if minimum == 0 || maximum == 0 { return false }

        return (hasManySiblings(img, minX, minY) && hasManySiblings(img2, minX, minY))
            || (hasManySiblings(img, maxX, maxY) && hasManySiblings(img2, maxX, maxY))
    }

    /// Whether the pixel at (x1, y1) has 3+ neighbours with exactly the same RGBA (an image border
    /// counts as one).
    func hasManySiblings(_ img: UnsafePointer<UInt8>, _ x1: Int, _ y1: Int) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let centre = rgba(img, (y1 * width + x1) * 4)
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0

        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                if rgba(img, (y * width + x) * 4) == centre { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    /// Writes the grey background pixel, if there is an output: img1's luma blended onto white with
    /// opacity `alpha · a / 255`.
    @inline(__always)
    func drawGrayPixel(_ i: Int) {
        guard let output else { return }
        let r = Double(img1[i])
        let g = Double(img1[i + 1])
        let b = Double(img1[i + 2])
        let value = uint8(blend(rgb2y(r, g, b), alpha * Double(img1[i + 3]) / 255))
        output[i] = value
        output[i + 1] = value
        output[i + 2] = value
        output[i + 3] = 255
    }

    /// Writes an opaque colour, if there is an output.
    @inline(__always)
    func drawPixel(_ pos: Int, _ color: Pixelmatch.Color) {
        guard let output else { return }
        output[pos] = color.red
        output[pos + 1] = color.green
        output[pos + 2] = color.blue
        output[pos + 3] = 255
    }
}

// MARK: - Colour metric (Kotsarenko & Ramos, "Measuring perceived color difference using YIQ NTSC
// transmission color space in mobile applications")

@inline(__always)
private func rgba(_ img: UnsafePointer<UInt8>, _ pos: Int) -> UInt32 {
    UnsafeRawPointer(img + pos).loadUnaligned(as: UInt32.self)
}

/// Squared YIQ distance between pixel `k` of `img1` and pixel `m` of `img2`, after blending each
/// onto white; negative when the `img1` pixel is the brighter one (pixelmatch's sign convention).
@inline(__always)
private func colorDelta(_ img1: UnsafePointer<UInt8>, _ k: Int, _ img2: UnsafePointer<UInt8>, _ m: Int) -> Double {
    if rgba(img1, k) == rgba(img2, m) { return 0 }
    var r1 = Double(img1[k]), g1 = Double(img1[k + 1]), b1 = Double(img1[k + 2]), a1 = Double(img1[k + 3])
    var r2 = Double(img2[m]), g2 = Double(img2[m + 1]), b2 = Double(img2[m + 2]), a2 = Double(img2[m + 3])

    if a1 < 255 {
        a1 /= 255
        r1 = blend(r1, a1)
        g1 = blend(g1, a1)
        b1 = blend(b1, a1)
    }
    if a2 < 255 {
        a2 /= 255
        r2 = blend(r2, a2)
        g2 = blend(g2, a2)
        b2 = blend(b2, a2)
    }

    let y1 = rgb2y(r1, g1, b1)
    let y2 = rgb2y(r2, g2, b2)
    let y = y1 - y2
    let i = rgb2i(r1, g1, b1) - rgb2i(r2, g2, b2)
    let q = rgb2q(r1, g1, b1) - rgb2q(r2, g2, b2)
    let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    return y1 > y2 ? -delta : delta
}

/// pixelmatch's `colorDelta(img, img, k, m, yOnly = true)`: luma of pixel `k` minus luma of pixel
/// `m`, both blended onto white; exactly 0 when the RGBA bytes are equal.
@inline(__always)
private func lumaDelta(_ img: UnsafePointer<UInt8>, _ k: Int, _ m: Int) -> Double {
    if rgba(img, k) == rgba(img, m) { return 0 }
    var r1 = Double(img[k]), g1 = Double(img[k + 1]), b1 = Double(img[k + 2])
    let a1 = Double(img[k + 3])
    var r2 = Double(img[m]), g2 = Double(img[m + 1]), b2 = Double(img[m + 2])
    let a2 = Double(img[m + 3])

    if a1 < 255 {
        let a = a1 / 255
        r1 = blend(r1, a)
        g1 = blend(g1, a)
        b1 = blend(b1, a)
    }
    if a2 < 255 {
        let a = a2 / 255
        r2 = blend(r2, a)
        g2 = blend(g2, a)
        b2 = blend(b2, a)
    }
    return rgb2y(r1, g1, b1) - rgb2y(r2, g2, b2)
}

@inline(__always)
private func rgb2y(_ r: Double, _ g: Double, _ b: Double) -> Double {
    r * 0.29889531 + g * 0.58662247 + b * 0.11448223
}

@inline(__always)
private func rgb2i(_ r: Double, _ g: Double, _ b: Double) -> Double {
    r * 0.59597799 - g * 0.27417610 - b * 0.32180189
}

@inline(__always)
private func rgb2q(_ r: Double, _ g: Double, _ b: Double) -> Double {
    r * 0.21147017 - g * 0.52261711 + b * 0.31114694
}

/// Blends a colour channel with opacity `a` (0...1) onto white.
@inline(__always)
private func blend(_ c: Double, _ a: Double) -> Double {
    255 + (c - 255) * a
}

/// Stores a number the way a JS `Uint8Array` element assignment does (ECMAScript ToUint8):
/// truncate toward zero, wrap modulo 256, NaN and infinities become 0.
@inline(__always)
private func uint8(_ value: Double) -> UInt8 {
    if value >= 0 && value < 256 { return UInt8(value) }  // the usual case; UInt8(_:) truncates
    guard value.isFinite else { return 0 }
    var wrapped = value.rounded(.towardZero).truncatingRemainder(dividingBy: 256)
    if wrapped < 0 { wrapped += 256 }
    return UInt8(wrapped)
}
