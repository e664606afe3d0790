import GalleryCore

/// A photo's box-filtered levels, **premultiplied** Float RGBA on the 0…255 scale, from level `base`
/// up to the level of one texel. Texel i of level k averages the photo's pixels
/// [i·2ᵏ, (i + 1)·2ᵏ) in each axis (those of the region it is built from: the part the item shows),
/// so every level lies on the whole photo's grid. Each level is stored with a one-texel
/// border repeating its edge, so bilinear taps need no clamping. Levels below `base`, which the item
/// never reads, are not made: a 4032-pixel photo on a 60-pixel card costs one pass over it and a few KB.
struct MipPyramid: Sendable {
    /// One level: texels `x` × `y` of level `power`, stored row-major with their border from `offset`.
    struct Level: Sendable {
        let power: Int
        let x: Range<Int>
        let y: Range<Int>
        let offset: Int
        /// Stored texels per row: the level's width and its border.
        let stride: Int
        /// Texel (i, j), border included, is at `bias + j·stride + i`.
        let bias: Int
        /// Texels per level-0 pixel, 2⁻ᵖᵒʷᵉʳ (exact).
        let scale: Double
        /// The span of texel coordinates whose taps stay in the stored texels.
        let low: (x: Double, y: Double), high: (x: Double, y: Double)

        init(power: Int, x: Range<Int>, y: Range<Int>, offset: Int) {
            (self.power, self.x, self.y, self.offset) = (power, x, y, offset)
            stride = x.count + 2
            bias = offset - (y.lowerBound - 1) * stride - (x.lowerBound - 1)
            scale = Double(sign: .plus, exponent: -power, significand: 1)
            low = (Double(x.lowerBound) - 0.5, Double(y.lowerBound) - 0.5)
            high = (Double(x.upperBound - 1), Double(y.upperBound - 1))
        }

        /// Texels stored, border included.
        var count: Int { stride * (y.count + 2) }

        /// Where texel (i, j) is stored (i in x, j in y, or one beyond: the border).
        @inline(__always)
        func index(_ i: Int, _ j: Int) -> Int { bias &+ j &* stride &+ i }
    }

    /// The deepest level made straight from the photo: 2⁷ × 2⁷ pixels of products below 2¹⁶ sum below 2³¹.
    static let deepestBase = 7

    let levels: [Level]
    let texels: [SIMD4<Float>]
    /// Whether every pixel it was built from is opaque.
    let isOpaque: Bool

    /// The levels of `region` of `part` (which must hold it) from `base` (clamped to 0…top) up; throws
    /// when memory for them cannot be had.
    init(_ part: PhotoPart, region: ImageRegion, base: Int) throws(OutOfMemory) {
        let whole = part.wholeSize
        var top = 0
        while (1 << top) < max(whole.width, whole.height, 1) { top += 1 }
        let base = min(max(base, 0), top)
        var levels: [Level] = []
        var count = 0
        for power in base...top {
            let x = Self.texels(region.x, power), y = Self.texels(region.y, power)
            let level = Level(power: power, x: x, y: y, offset: count)
            levels.append(level)
            count += level.count
        }
        guard var texels = LargeArray.filled(SIMD4<Float>.zero, count: count) else {
            throw OutOfMemory(bytes: count * MemoryLayout<SIMD4<Float>>.stride)
        }
        var opaque = true
        texels.withUnsafeMutableBufferPointer { out in
            if levels[0].power > Self.deepestBase {
                // Through a temporary level 7 (a few texels per level-`base` texel).
                let deepest = Level(
                    power: Self.deepestBase, x: Self.texels(region.x, Self.deepestBase),
                    y: Self.texels(region.y, Self.deepestBase), offset: 0)
                var scratch = [SIMD4<Float>](repeating: .zero, count: deepest.count)
                scratch.withUnsafeMutableBufferPointer { scratch in
                    opaque = Self.fillBase(deepest, from: part, region: region, into: scratch)
                    Self.reduce(deepest, UnsafeBufferPointer(scratch), to: levels[0], out, region)
                }
            } else {
                opaque = Self.fillBase(levels[0], from: part, region: region, into: out)
            }
            Self.pad(levels[0], out)
            for k in levels.indices.dropFirst() {
                Self.reduce(levels[k - 1], UnsafeBufferPointer(out), to: levels[k], out, region)
                Self.pad(levels[k], out)
            }
        }
        self.levels = levels
        self.texels = texels
        isOpaque = opaque
    }

    /// The texels of level `power` that hold any of `pixels`.
    static func texels(_ pixels: Range<Int>, _ power: Int) -> Range<Int> {
        guard !pixels.isEmpty else { return 0..<0 }
        return pixels.lowerBound >> power..<((pixels.upperBound - 1) >> power) + 1
    }

    /// How many of `pixels` texel `i` of level `power` holds.
    @inline(__always)
    static func share(_ i: Int, _ power: Int, _ pixels: Range<Int>) -> Int {
        min((i + 1) << power, pixels.upperBound) - max(i << power, pixels.lowerBound)
    }

    /// Copies each edge texel of `level` into the border beside it (corners from the corners).
    private static func pad(_ level: Level, _ out: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        let (x, y) = (level.x, level.y)
        guard !x.isEmpty, !y.isEmpty else { return }
        for j in y {
            out[level.index(x.lowerBound - 1, j)] = out[level.index(x.lowerBound, j)]
            out[level.index(x.upperBound, j)] = out[level.index(x.upperBound - 1, j)]
        }
        for i in x.lowerBound - 1...x.upperBound {
            out[level.index(i, y.lowerBound - 1)] = out[level.index(i, y.lowerBound)]
            out[level.index(i, y.upperBound)] = out[level.index(i, y.upperBound - 1)]
        }
    }
}
