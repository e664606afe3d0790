import GalleryCore

extension MipPyramid {
    /// `level` (power ≤ 7) straight from `region` of the part: each texel the mean of its pixels, summed exactly
    /// in integers (colour·alpha and alpha·255, below 2³¹ for 2⁷ × 2⁷ pixels) and scaled once.
    /// Returns whether every pixel read is opaque.
    @discardableResult
    static func fillBase(
        _ level: Level, from part: PhotoPart, region: ImageRegion, into out: UnsafeMutableBufferPointer<SIMD4<Float>>
    ) -> Bool {
        var opaque = true
        let (power, width, held) = (level.power, part.image.width, part.region)
        var sums = [SIMD4<Int32>](repeating: .zero, count: level.x.count)
        part.image.pixels.withUnsafeBufferPointer { image in
            sums.withUnsafeMutableBufferPointer { sums in
                for j in level.y {
                    for c in sums.indices { sums[c] = .zero }
                    let rows = max(j << power, region.y.lowerBound)..<min((j + 1) << power, region.y.upperBound)
                    for row in rows {
                        var index = ((row - held.y.lowerBound) * width + region.x.lowerBound - held.x.lowerBound) * 4
                        for column in region.x {
                            let a = Int32(image[index &+ 3])
                            let pixel = SIMD4<Int32>(
                                Int32(image[index]) &* a, Int32(image[index &+ 1]) &* a, Int32(image[index &+ 2]) &* a,
                                a &* 255)
                            sums[(column >> power) &- level.x.lowerBound] &+= pixel
                            index &+= 4
                        }
                    }
                    for (c, i) in level.x.enumerated() {
                        let count = share(i, power, region.x) * rows.count
                        let scale = 1 / Double(255 * count)
                        let s = sums[c]
                        if Int(s.w) != 255 * 255 * count { opaque = false }
                        out[level.index(i, j)] = SIMD4(
                            Float(Double(s.x) * scale), Float(Double(s.y) * scale), Float(Double(s.z) * scale),
                            Float(Double(s.w) * scale))
                    }
                }
            }
        }
        return opaque
    }

    /// Level `next` from `level` below it: each texel the mean of its two-by-two texels; at the
    /// part's edges, weighted by how many of the part's pixels each holds.
    static func reduce(
        _ level: Level, _ source: UnsafeBufferPointer<SIMD4<Float>>, to next: Level,
        _ out: UnsafeMutableBufferPointer<SIMD4<Float>>, _ region: ImageRegion
    ) {
        let step = next.power - level.power
        for j in next.y {
            let children = (j << step)..<((j + 1) << step)
            let wholeRows = children.clamped(to: level.y) == children
            for i in next.x {
                let columns = (i << step)..<((i + 1) << step)
                if step == 1, wholeRows, columns.clamped(to: level.x) == columns,
                    share(i, next.power, region.x) == 1 << next.power, share(j, next.power, region.y) == 1 << next.power
                {
                    let (a, b) = (source[level.index(2 * i, 2 * j)], source[level.index(2 * i + 1, 2 * j)])
                    let (c, d) = (source[level.index(2 * i, 2 * j + 1)], source[level.index(2 * i + 1, 2 * j + 1)])
                    out[next.index(i, j)] = (a + b + c + d) * 0.25
                } else {
                    out[next.index(i, j)] = weighted(level, source, columns, children, region)
                }
            }
        }
    }

    /// The mean of `level`'s texels `columns` × `rows` (those it has), each weighted by how many of
    /// the part's pixels it holds.
    private static func weighted(
        _ level: Level, _ source: UnsafeBufferPointer<SIMD4<Float>>, _ columns: Range<Int>, _ rows: Range<Int>,
        _ region: ImageRegion
    ) -> SIMD4<Float> {
        var sum = SIMD4<Float>.zero
        var total: Float = 0
        for cj in rows.clamped(to: level.y) {
            let wy = Float(share(cj, level.power, region.y))
            for ci in columns.clamped(to: level.x) {
                let weight = wy * Float(share(ci, level.power, region.x))
                sum += source[level.index(ci, cj)] * weight
                total += weight
            }
        }
        return total > 0 ? sum / total : .zero
    }
}
