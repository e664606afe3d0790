import GalleryCore
import TestSupport
import Testing

@testable import Raster

/// The sampler's two-level read works out both levels' coordinates in one vector: it must give the
/// bits of two `bilinear` reads mixed, as it did before, for any position and mix.
@Suite struct PhotoSamplerTests {
    @Test func bothLevelsAtOnceAreTwoBilinearReadsToTheBit() throws {
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
                }
            }
        }
    }
}
