import VisualDiff

/// pixelmatch 5.3.0's `index.js`, transliterated line for line with no shortcuts, as the oracle the
/// optimised `PixelmatchKernel` is held to. Test-only: slow on purpose.
struct PixelmatchReference {
    let options: Pixelmatch

    /// The JS `pixelmatch(img1, img2, output, width, height, options)`: the count, and the output
    /// (starting as `output`), plus the anti-aliased pixels the JS draws in `aaColor` without counting.
    func run(_ img1: [UInt8], _ img2: [UInt8], width: Int, height: Int, output: [UInt8]) -> (Pixelmatch.Result, [UInt8])
    {
        var output = output
        if img1 == img2 {
            if !options.diffMask {
                for i in 0..<width * height { drawGrayPixel(img1, 4 * i, options.alpha, &output) }
            }
            return (Pixelmatch.Result(diffPixels: 0, antiAliasedPixels: 0), output)
        }
        let maxDelta = 35215 * options.threshold * options.threshold
        var diff = 0
        var antiAliased = 0
        for y in 0..<height {
            for x in 0..<width {
                let pos = (y * width + x) * 4
                let delta = colorDelta(img1, img2, pos, pos, yOnly: false)
                if abs(delta) > maxDelta {
                    if !options.includeAA
                        && (antialiased(img1, x, y, width, height, img2)
                            || antialiased(img2, x, y, width, height, img1))
                    {
                        antiAliased += 1
                        if !options.diffMask { drawPixel(&output, pos, options.aaColor) }
                    } else {
                        drawPixel(
                            &output, pos, delta < 0 ? (options.diffColorAlt ?? options.diffColor) : options.diffColor)
                        diff += 1
                    }
                } else if !options.diffMask {
                    drawGrayPixel(img1, pos, options.alpha, &output)
                }
            }
        }
        return (Pixelmatch.Result(diffPixels: diff, antiAliasedPixels: antiAliased), output)
    }

    private func antialiased(_ img: [UInt8], _ x1: Int, _ y1: Int, _ width: Int, _ height: Int, _ img2: [UInt8]) -> Bool
    {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let pos = (y1 * width + x1) * 4
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var min = 0.0
        var max = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                let delta = colorDelta(img, img, pos, (y * width + x) * 4, yOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < min {
                    min = delta
                    minX = x
                    minY = y
                } else if delta > max {
                    max = delta
                    maxX = x
                    maxY = y
                }
            }
        }
        if min == 0 || max == 0 { return false }
        return (hasManySiblings(img, minX, minY, width, height) && hasManySiblings(img2, minX, minY, width, height))
            || (hasManySiblings(img, maxX, maxY, width, height) && hasManySiblings(img2, maxX, maxY, width, height))
    }

    private func hasManySiblings(_ img: [UInt8], _ x1: Int, _ y1: Int, _ width: Int, _ height: Int) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let pos = (y1 * width + x1) * 4
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                let pos2 = (y * width + x) * 4
                if img[pos] == img[pos2] && img[pos + 1] == img[pos2 + 1] && img[pos + 2] == img[pos2 + 2]
                    && img[pos + 3] == img[pos2 + 3]
                {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    func colorDelta(_ img1: [UInt8], _ img2: [UInt8], _ k: Int, _ m: Int, yOnly: Bool) -> Double {
        var r1 = Double(img1[k]), g1 = Double(img1[k + 1]), b1 = Double(img1[k + 2]), a1 = Double(img1[k + 3])
        var r2 = Double(img2[m]), g2 = Double(img2[m + 1]), b2 = Double(img2[m + 2]), a2 = Double(img2[m + 3])
        if a1 == a2 && r1 == r2 && g1 == g2 && b1 == b2 { return 0 }
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
        if yOnly { return y }
        let i = rgb2i(r1, g1, b1) - rgb2i(r2, g2, b2)
        let q = rgb2q(r1, g1, b1) - rgb2q(r2, g2, b2)
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y1 > y2 ? -delta : delta
    }

    private func rgb2y(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }
    private func rgb2i(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }
    private func rgb2q(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }
    private func blend(_ c: Double, _ a: Double) -> Double { 255 + (c - 255) * a }

    private func drawPixel(_ output: inout [UInt8], _ pos: Int, _ color: Pixelmatch.Color) {
        output[pos] = color.red
        output[pos + 1] = color.green
        output[pos + 2] = color.blue
        output[pos + 3] = 255
    }

    private func drawGrayPixel(_ img: [UInt8], _ i: Int, _ alpha: Double, _ output: inout [UInt8]) {
        let r = Double(img[i]), g = Double(img[i + 1]), b = Double(img[i + 2])
        let value = blend(rgb2y(r, g, b), alpha * Double(img[i + 3]) / 255)
        // A Uint8Array stores ToUint8(value); here value is in 0..<256 (Y peaks at 255.0000026).
        let byte = UInt8(value)
        output[i] = byte
        output[i + 1] = byte
        output[i + 2] = byte
        output[i + 3] = 255
    }
}
