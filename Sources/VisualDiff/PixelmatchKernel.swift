import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One result slot per row band; each band's worker writes only its own slot.
struct PixelmatchBandSlots: @unchecked Sendable {
    let base: UnsafeMutablePointer<Pixelmatch.Result>
}

/// The comparison over borrowed pixel pointers. Only valid inside the `withUnsafeBufferPointer`
/// scopes of `Pixelmatch.compare`, or while `StreamingDiff` keeps the rows it reads in its rings.
/// Sendable because the inputs are only read and concurrent row bands write disjoint rows of `output`.
///
/// Input row `y` is at row `y & rowMask` of `img1` and `img2`: the whole image with `rowMask` = `Int.max`,
/// a ring of rows (a power of two of them) with `rowMask` one less. `output` is always the whole image.
struct PixelmatchKernel: @unchecked Sendable {
    let img1: UnsafePointer<UInt8>
    let img2: UnsafePointer<UInt8>
    let output: UnsafeMutablePointer<UInt8>?
    let width: Int
    let height: Int
    let rowMask: Int
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
        output: UnsafeMutablePointer<UInt8>?, rowMask: Int = .max
    ) {
        self.rowMask = rowMask
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

    /// Where pixel (x, y) of an input image starts.
    @inline(__always)
    func index(_ x: Int, _ y: Int) -> Int { ((y & rowMask) * width + x) * 4 }

    /// pixelmatch's main loop, restricted to `rows`.
    func compareRows(_ rows: Range<Int>) -> Pixelmatch.Result {
        var diff = 0
        var antiAliased = 0
        let drawsEveryPixel = output != nil && !diffMask
        for y in rows {
            let row = index(0, y)
            // A row equal in both images has no differing pixel: only the grey background to draw.
            if !drawsEveryPixel, memcmp(img1 + row, img2 + row, width * 4) == 0 { continue }
            var x = 0
            while x < width {
                // Equal pixels count for nothing and draw nothing without a grey background: skip
                // them four at a time.
                if !drawsEveryPixel {
                    while x + 4 <= width, sameFour(row + x * 4) { x += 4 }
                    if x == width { break }
                }
                defer { x += 1 }
                let pos = row + x * 4
                let out = (y * width + x) * 4
                // Squared YIQ distance, negative if the img2 pixel is darker.
                let delta = colorDelta(img1, pos, img2, pos)
                if abs(delta) > maxDelta {
                    if !includeAA && (antialiased(img1, x, y, other: img2) || antialiased(img2, x, y, other: img1)) {
                        // Anti-aliasing: drawn (unless masking) but not counted.
                        antiAliased += 1
                        if !diffMask { drawPixel(out, aaColor) }
                    } else {
                        drawPixel(out, delta < 0 ? (diffColorAlt ?? diffColor) : diffColor)
                        diff += 1
                    }
                } else if !diffMask {
                    drawGrayPixel(from: pos, to: out)
                }
            }
        }
        return Pixelmatch.Result(diffPixels: diff, antiAliasedPixels: antiAliased)
    }

    /// Whether the 16 bytes at `pos` are the same in both images.
    @inline(__always)
    private func sameFour(_ pos: Int) -> Bool {
        let a = UnsafeRawPointer(img1 + pos), b = UnsafeRawPointer(img2 + pos)
        return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
            && a.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                == b.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    }

    /// Whether the pixel at (x1, y1) of `img` is likely anti-aliasing: it has at most two equal
    /// neighbours (an image border counts as one), both a brighter and a darker neighbour, and the
    /// darkest or the brightest neighbour has 3+ equal neighbours of its own in both images.
    func antialiased(_ img: UnsafePointer<UInt8>, _ x1: Int, _ y1: Int, other img2: UnsafePointer<UInt8>) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let pos = index(x1, y1)
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var minimum = 0.0
        var maximum = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0

        // The 8 neighbours, column by column as in pixelmatch (order decides ties below). The
        // centre's luma is the same number every time, so it is worked out once.
        let centre = rgba(img, pos)
        let centreLuma = luma(img, pos)
        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                // Luma of the centre minus luma of the neighbour.
                let neighbour = index(x, y)
                let delta = rgba(img, neighbour) == centre ? 0 : centreLuma - luma(img, neighbour)
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
        let centre = rgba(img, index(x1, y1))
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0

        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                if rgba(img, index(x, y)) == centre { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    /// Writes the grey background pixel at output position `out`, if there is an output: the luma
    /// of img1's pixel at `i` blended onto white with opacity `alpha · a / 255`.
    @inline(__always)
    func drawGrayPixel(from i: Int, to out: Int) {
        guard let output else { return }
        let r = Double(img1[i])
        let g = Double(img1[i + 1])
        let b = Double(img1[i + 2])
        let value = uint8(blend(rgb2y(r, g, b), alpha * Double(img1[i + 3]) / 255))
        output[out] = value
        output[out + 1] = value
        output[out + 2] = value
        output[out + 3] = 255
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

/// Luma of pixel `k` of `img` blended onto white: pixelmatch's `colorDelta(img, img, k, m, yOnly = true)`
/// is `luma(img, k) − luma(img, m)`, or exactly 0 when the RGBA bytes are equal.
@inline(__always)
private func luma(_ img: UnsafePointer<UInt8>, _ k: Int) -> Double {
    var r = Double(img[k]), g = Double(img[k + 1]), b = Double(img[k + 2])
    let a = Double(img[k + 3])
    if a < 255 {
        let opacity = a / 255
        r = blend(r, opacity)
        g = blend(g, opacity)
        b = blend(b, opacity)
    }
    return rgb2y(r, g, b)
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
