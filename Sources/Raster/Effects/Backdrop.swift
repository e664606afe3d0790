import GalleryCore

/// A backdrop blur: what a `UIVisualEffectView` with `UIBlurEffect(style: .light)` shows over a
/// rectangle when a paused animator holds it at `fraction` of the effect (ScaleTransformView's blur
/// preset). Apple does not document the material; this takes the values reported for it (a blur of
/// radius 30 pt and a white tint at 30 %, unverified), each scaled by the fraction: a Gaussian of
/// σ = fraction·30/2 points (the shadows' convention, σ = R/2), then white at fraction·30 % over it.
/// The material's saturation boost is not applied.
///
/// The Gaussian is three box blurs in a row along each axis (their widths chosen so the variances
/// sum to σ², within the rounding of odd widths): O(1) a pixel whatever σ, where a 6σ-tap kernel at
/// @3x would cost 100 taps a pixel. Pixels beyond the rectangle are read (the effect blurs its
/// backdrop, not a copy cut at its edge), the frame's edge repeated.
public struct Backdrop: Sendable, Hashable {
    /// The frame pixels it covers (before clipping to the canvas).
    public var rect: PixelRect
    /// The Gaussian's σ in frame pixels.
    public var sigma: Double
    /// The tint, premultiplied (0…255).
    public var tint: SIMD4<Float>

    /// The material's blur radius and tint alpha at full effect.
    public static let fullRadius = 30.0, fullTint = 0.3

    /// The `.light` material at `fraction` (0…1) over `rect`, at `pixelsPerPoint`.
    public init(fraction: Double, rect: PixelRect, pixelsPerPoint: Double) {
        let f = min(max(fraction, 0), 1)
        self.rect = rect
        sigma = f * Self.fullRadius / 2 * pixelsPerPoint
        tint = Color.white.premultiplied * Float(f * Self.fullTint)
    }

    /// Applies the effect to `pixels`, a whole `width` × `height` canvas (premultiplied, row-major),
    /// on up to `jobs` threads; each output pixel depends only on the canvas before.
    public func apply(to pixels: UnsafeMutableBufferPointer<SIMD4<Float>>, width: Int, height: Int, jobs: Int) {
        let xs = Self.pixels(rect.x, rect.x + rect.width, count: width)
        let ys = Self.pixels(rect.y, rect.y + rect.height, count: height)
        guard !xs.isEmpty, !ys.isEmpty, pixels.count >= width * height else { return }
        let boxes = Self.boxes(sigma: sigma)
        let reach = boxes.reduce(0) { $0 + $1 / 2 }
        // The region read: the rectangle and the boxes' reach beyond it, within the canvas.
        let readX = max(0, xs.lowerBound - reach)..<min(width, xs.upperBound + reach)
        let readY = max(0, ys.lowerBound - reach)..<min(height, ys.upperBound + reach)
        var region = BoxBlur.Region(columns: readX.count, rows: readY.count)
        for (j, y) in readY.enumerated() {
            for (i, x) in readX.enumerated() { region.pixels[j * region.columns + i] = pixels[y * width + x] }
        }
        if !boxes.isEmpty { region = BoxBlur.blurred(region, boxes: boxes, jobs: jobs) }
        for y in ys {
            for x in xs {
                let value = region.pixels[(y - readY.lowerBound) * region.columns + x - readX.lowerBound]
                pixels[y * width + x] = ProjectedItemPainter.over(tint, value)
            }
        }
    }

    /// The whole pixels whose centres lie in [low, high), within 0..<count.
    static func pixels(_ low: Double, _ high: Double, count: Int) -> Range<Int> {
        guard low.isFinite, high.isFinite else { return 0..<0 }
        let first = Int(min(max((low - 0.5).rounded(.up), 0), Double(count)))
        let last = Int(min(max((high - 0.5).rounded(.up), 0), Double(count)))
        return first..<max(first, last)
    }

    /// Three odd box widths whose variances, (w² − 1)/12 each, sum to about σ² (Kovesi's rule); none
    /// for σ below a third of a pixel.
    static func boxes(sigma: Double) -> [Int] {
        guard sigma >= 1.0 / 3, sigma.isFinite else { return [] }
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let l = Double(lower)
        let m = Int(((12 * sigma * sigma - 3 * l * l - 12 * l - 9) / (-4 * l - 4)).rounded())
        return (0..<3).map { $0 < m ? lower : lower + 2 }
    }
}

/// Box blurs of premultiplied pixels, along rows then columns, the edges repeated.
enum BoxBlur {
    struct Region {
        let columns, rows: Int
        var pixels: [SIMD4<Float>]

        init(columns: Int, rows: Int) {
            (self.columns, self.rows) = (columns, rows)
            pixels = [SIMD4<Float>](repeating: .zero, count: columns * rows)
        }
    }

    /// `region` blurred by each box of `boxes` along x, then each along y.
    static func blurred(_ region: Region, boxes: [Int], jobs: Int) -> Region {
        var region = region
        for box in boxes { region = pass(region, box: box, alongRows: true, jobs: jobs) }
        for box in boxes { region = pass(region, box: box, alongRows: false, jobs: jobs) }
        return region
    }

    /// One box of odd width `box` along every row (or column): a running sum in Double, each line
    /// summed from its start in the same order on every CPU.
    private static func pass(_ input: Region, box: Int, alongRows: Bool, jobs: Int) -> Region {
        var output = input
        let (count, lines) = alongRows ? (input.columns, input.rows) : (input.rows, input.columns)
        let (step, lineStep) = alongRows ? (1, input.columns) : (input.columns, 1)
        let radius = box / 2
        let scale = 1 / Double(box)
        input.pixels.withUnsafeBufferPointer { source in
            output.pixels.withUnsafeMutableBufferPointer { target in
                let shared = BandBuffer(target)
                RowBands.forEach(rows: lines, jobs: jobs) { band in
                    for line in band {
                        let base = line * lineStep
                        func at(_ i: Int) -> SIMD4<Double> {
                            SIMD4<Double>(source[base + min(max(i, 0), count - 1) * step])
                        }
                        var sum = SIMD4<Double>.zero
                        for i in -radius...radius { sum += at(i) }
                        for i in 0..<count {
                            shared.buffer[base + i * step] = SIMD4<Float>(sum * scale)
                            sum += at(i + radius + 1) - at(i - radius)
                        }
                    }
                }
            }
        }
        return output
    }
}
