import Foundation
import GalleryCore

/// Colour arithmetic written out independently of Little CMS, for tests: the sRGB and Display P3
/// encodings (IEC 61966-2-1's curve, D65 white, the published RGB→XYZ matrices), CIELAB and CIEDE2000.
public enum ColorScience {
    /// IEC 61966-2-1 RGB→XYZ (D65).
    static let srgbToXYZ: [[Double]] = [
        [0.412_456_4, 0.357_576_1, 0.180_437_5], [0.212_672_9, 0.715_152_2, 0.072_175_0],
        [0.019_333_9, 0.119_192_0, 0.950_304_1],
    ]
    /// Display P3 RGB→XYZ (D65), from its primaries (0.680, 0.320), (0.265, 0.690), (0.150, 0.060).
    static let p3ToXYZ: [[Double]] = [
        [0.486_570_9, 0.265_667_7, 0.198_217_3], [0.228_974_6, 0.691_738_5, 0.079_286_9],
        [0.000_000_0, 0.045_113_4, 1.043_944_4],
    ]

    public static func decode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    public static func encode(_ v: Double) -> Double {
        let c = min(max(v, 0), 1)
        return c <= 0.003_130_8 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
    }

    static func multiply(_ m: [[Double]], _ v: [Double]) -> [Double] {
        m.map { row in zip(row, v).reduce(0) { $0 + $1.0 * $1.1 } }
    }

    static func inverse(_ m: [[Double]]) -> [[Double]] {
        let (a, b, c) = (m[0][0], m[0][1], m[0][2])
        let (d, e, f) = (m[1][0], m[1][1], m[1][2])
        let (g, h, i) = (m[2][0], m[2][1], m[2][2])
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        return [
            [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
            [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
            [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det],
        ]
    }

    /// The Display P3 values showing the same colours as the sRGB image `image` (alpha kept).
    public static func displayP3(fromSRGB image: RGBAImage) -> RGBAImage {
        let toP3 = inverse(p3ToXYZ)
        var pixels = image.pixels
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let linear = (0..<3).map { decode(Double(pixels[i + $0]) / 255) }
            let p3 = multiply(toP3, multiply(srgbToXYZ, linear))
            for c in 0..<3 { pixels[i + c] = UInt8((encode(p3[c]) * 255).rounded()) }
        }
        return RGBAImage(width: image.width, height: image.height, pixels: pixels)
    }

    /// CIELAB (D65 white) of an sRGB pixel.
    public static func lab(srgb r: UInt8, _ g: UInt8, _ b: UInt8) -> (l: Double, a: Double, b: Double) {
        lab(srgbFraction: [r, g, b].map { Double($0) / 255 })
    }

    /// CIELAB (D65 white) of an RGBA pixel over white: each channel c becomes c + (255 − c)·(1 − α).
    public static func lab(over white: (UInt8, UInt8, UInt8, UInt8)) -> (l: Double, a: Double, b: Double) {
        let alpha = Double(white.3) / 255
        let channels = [white.0, white.1, white.2].map { c in (Double(c) * alpha + 255 * (1 - alpha)) / 255 }
        return lab(srgbFraction: channels)
    }

    /// CIELAB (D65 white) of sRGB values in 0…1.
    static func lab(srgbFraction rgb: [Double]) -> (l: Double, a: Double, b: Double) {
        let xyz = multiply(srgbToXYZ, rgb.map(decode))
        let white = [0.950_47, 1.0, 1.088_83]
        let f = (0..<3).map { index -> Double in
            let t = xyz[index] / white[index]
            return t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116
        }
        return (116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2]))
    }

    /// CIE 1994 colour difference for graphic arts (kL = kC = kH = 1, K1 = 0.045, K2 = 0.015), the
    /// weights from the reference's chroma: ΔE94² = ΔL² + (ΔC/SC)² + (ΔH/SH)², ΔH² = Δa² + Δb² − ΔC².
    public static func deltaE1994(
        reference x: (l: Double, a: Double, b: Double), sample y: (l: Double, a: Double, b: Double)
    )
        -> Double
    {
        let c1 = hypot(x.a, x.b), c2 = hypot(y.a, y.b)
        let dL = x.l - y.l, dC = c1 - c2
        let dH2 = max(0, pow(x.a - y.a, 2) + pow(x.b - y.b, 2) - dC * dC)
        let sC = 1 + 0.045 * c1, sH = 1 + 0.015 * c1
        return sqrt(dL * dL + pow(dC / sC, 2) + dH2 / (sH * sH))
    }

    /// CIEDE2000 colour difference (kL = kC = kH = 1), as Sharma, Wu and Dalal (2005) write it out.
    public static func deltaE2000(_ x: (l: Double, a: Double, b: Double), _ y: (l: Double, a: Double, b: Double))
        -> Double
    {
        let c1 = hypot(x.a, x.b), c2 = hypot(y.a, y.b)
        let meanC = (c1 + c2) / 2
        let g = 0.5 * (1 - sqrt(pow(meanC, 7) / (pow(meanC, 7) + pow(25, 7))))
        let a1 = (1 + g) * x.a, a2 = (1 + g) * y.a
        let c1p = hypot(a1, x.b), c2p = hypot(a2, y.b)
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) * 180 / .pi
            return h < 0 ? h + 360 : h
        }
        let h1 = hue(x.b, a1), h2 = hue(y.b, a2)
        let dL = y.l - x.l, dC = c2p - c1p
        var dh = 0.0
        if c1p * c2p != 0 {
            dh = h2 - h1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * sqrt(c1p * c2p) * sin(dh * .pi / 360)
        let meanL = (x.l + y.l) / 2, meanCp = (c1p + c2p) / 2
        var meanH = h1 + h2
        if c1p * c2p != 0 {
            if abs(h1 - h2) <= 180 {
                meanH = (h1 + h2) / 2
            } else if h1 + h2 < 360 {
                meanH = (h1 + h2 + 360) / 2
            } else {
                meanH = (h1 + h2 - 360) / 2
            }
        }
        let t =
            1 - 0.17 * cos((meanH - 30) * .pi / 180) + 0.24 * cos(2 * meanH * .pi / 180)
            + 0.32 * cos((3 * meanH + 6) * .pi / 180) - 0.20 * cos((4 * meanH - 63) * .pi / 180)
        let dTheta = 30 * exp(-pow((meanH - 275) / 25, 2))
        let rc = 2 * sqrt(pow(meanCp, 7) / (pow(meanCp, 7) + pow(25, 7)))
        let sl = 1 + 0.015 * pow(meanL - 50, 2) / sqrt(20 + pow(meanL - 50, 2))
        let sc = 1 + 0.045 * meanCp, sh = 1 + 0.015 * meanCp * t
        let rt = -sin(2 * dTheta * .pi / 180) * rc
        return sqrt(pow(dL / sl, 2) + pow(dC / sc, 2) + pow(dH / sh, 2) + rt * (dC / sc) * (dH / sh))
    }

    /// The mean CIEDE2000 difference between two same-size sRGB images.
    public static func meanDeltaE2000(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var sum = 0.0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            let p = a.pixels, q = b.pixels
            sum += deltaE2000(lab(srgb: p[i], p[i + 1], p[i + 2]), lab(srgb: q[i], q[i + 1], q[i + 2]))
        }
        return sum / Double(a.width * a.height)
    }

    /// A smooth, colourful test photo: hue across, lightness down, saturated colours included.
    public static func colourfulImage(width: Int = 96, height: Int = 64) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let hue = Double(x) / Double(width) * 6, light = 1 - Double(y) / Double(height - 1) * 0.8
                let rgb = [0.0, 4.0, 2.0].map { shift -> Double in
                    let k = (hue + shift).truncatingRemainder(dividingBy: 6)
                    return light * (1 - max(0, min(k, 4 - k, 1)) * 0.9)
                }
                for c in 0..<3 { pixels[(y * width + x) * 4 + c] = UInt8((rgb[c] * 255).rounded()) }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
