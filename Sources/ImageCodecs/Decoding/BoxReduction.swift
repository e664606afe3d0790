import GalleryCore

/// Reduces a decoded photo by an integer factor right after decoding, for the formats that cannot
/// decode smaller (PNG, WebP): each output pixel is the rounded mean of its divisor × divisor block
/// (the last row and column of blocks may be partial), so the cache holds what frames need and not
/// the full size (eight 100-megapixel PNGs on one frame held 3.2 GB).
enum BoxReduction {
    /// `image` reduced by `divisor` (> 1); nil when the memory cannot be had.
    static func reduce(_ image: RGBAImage, by divisor: Int) -> RGBAImage? {
        let (width, height) = (image.width, image.height)
        let outWidth = (width + divisor - 1) / divisor, outHeight = (height + divisor - 1) / divisor
        guard var out = LargeArray.uninitialized(UInt8.self, count: outWidth * outHeight * 4) else { return nil }
        var sums = [UInt32](repeating: 0, count: outWidth * 4)
        image.pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for outY in 0..<outHeight {
                    for i in sums.indices { sums[i] = 0 }
                    let rows = min(divisor, height - outY * divisor)
                    for y in outY * divisor..<outY * divisor + rows {
                        let row = y * width * 4
                        for outX in 0..<outWidth {
                            let first = outX * divisor, last = min(first + divisor, width)
                            var (r, g, b, a) = (UInt32(0), UInt32(0), UInt32(0), UInt32(0))
                            for x in first..<last {
                                let p = row + x * 4
                                r += UInt32(source[p])
                                g += UInt32(source[p + 1])
                                b += UInt32(source[p + 2])
                                a += UInt32(source[p + 3])
                            }
                            sums[outX * 4] += r
                            sums[outX * 4 + 1] += g
                            sums[outX * 4 + 2] += b
                            sums[outX * 4 + 3] += a
                        }
                    }
                    for outX in 0..<outWidth {
                        let count = UInt32(rows * (min((outX + 1) * divisor, width) - outX * divisor))
                        for c in 0..<4 {
                            target[(outY * outWidth + outX) * 4 + c] = UInt8((sums[outX * 4 + c] + count / 2) / count)
                        }
                    }
                }
            }
        }
        return RGBAImage(width: outWidth, height: outHeight, pixels: out)
    }
}
