import GalleryCore
import TestSupport
import Testing

@testable import Raster

/// The sampler's two-level read works out both levels' coordinates in one vector, and a footprint's
/// samples take their places from a table: each must give the bits the plain arithmetic gave (two
/// `bilinear` reads mixed; (k + ½)/n − ½ worked out per sample), for any position, mix and count.
@Suite struct PhotoSamplerTests {
    @Test func readsAreThePlainArithmeticToTheBit() throws {
        var random = SplitMix(seed: 23)
        var pixels = [UInt8](repeating: 0, count: 97 * 61 * 4)
        for i in pixels.indices { pixels[i] = UInt8(truncatingIfNeeded: random.next()) }
        let photo = PhotoPart(whole: RGBAImage(width: 97, height: 61, pixels: pixels))
        let pyramid = try MipPyramid(photo, region: ImageRegion(x: 3..<90, y: 2..<58), base: 0)
        try pyramid.texels.withUnsafeBufferPointer { texels in
            try pyramid.levels.withUnsafeBufferPointer { levels in
                let sampler = PhotoSampler(texels: texels, levels: levels)
                for _ in 0..<20_000 {
                    let k = Int(random.next() % UInt64(levels.count - 1))
                    let mix = Float(random.next() % 1000) / 1000
                    // Anywhere, past the edges too (the clamp), at any fraction.
                    let tx = Double(random.next() % 12_000) / 100 - 10
                    let ty = Double(random.next() % 8_000) / 100 - 10
                    let low = sampler.bilinear(levels[k], tx, ty)
                    let expected = mix == 0 ? low : low + (sampler.bilinear(levels[k + 1], tx, ty) - low) * mix
                    let got = sampler.trilinear(k, mix, tx, ty)
                    try #require(got == expected, "level \(k), mix \(mix) at (\(tx), \(ty))")
                    // n samples along an axis, at (k + ½)/n − ½ of it (the table holds those values).
                    let n = Int(random.next() % 8) + 1
                    let (ax, ay) = (Double(random.next() % 4000) / 100 - 20, Double(random.next() % 4000) / 100 - 20)
                    let footprint = Footprint(tx: tx, ty: ty, axisX: ax, axisY: ay, level: k, mix: mix, count: n)
                    var sum = SIMD4<Float>.zero
                    for s in 0..<n {
                        let t = (Double(s) + 0.5) / Double(n) - 0.5
                        sum +=
                            n == 1
                            ? sampler.trilinear(k, mix, tx, ty) : sampler.trilinear(k, mix, tx + t * ax, ty + t * ay)
                    }
                    try #require(sampler.read(footprint) == (n == 1 ? sum : sum / Float(n)), "\(n) samples")
                }
            }
        }
    }
}
