import Foundation
import GalleryCore
import ImageCodecs

/// Small measurements on pixels, for tests.
public enum PixelMath {
    /// FNV-1a 64-bit hash of the RGBA bytes (the format of the PngSuite golden table).
    public static func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// Peak signal-to-noise ratio in dB over the RGB channels of two same-size images.
    public static func psnr(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var sum = 0.0
        var count = 0.0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            for c in 0..<3 {
                let d = Double(a.pixels[i + c]) - Double(b.pixels[i + c])
                sum += d * d
            }
            count += 3
        }
        let mse = sum / count
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// Mean absolute RGB difference inside `region` (x0, y0, x1, y1, exclusive ends), excluding `hole`.
    public static func meanDifference(
        _ a: RGBAImage, _ b: RGBAImage, excluding hole: (Int, Int, Int, Int)? = nil
    ) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var sum = 0.0
        var count = 0.0
        for y in 0..<a.height {
            for x in 0..<a.width {
                if let hole, x >= hole.0, x < hole.2, y >= hole.1, y < hole.3 { continue }
                let i = (y * a.width + x) * 4
                for c in 0..<3 { sum += abs(Double(a.pixels[i + c]) - Double(b.pixels[i + c])) }
                count += 3
            }
        }
        return count == 0 ? 0 : sum / count
    }
}
