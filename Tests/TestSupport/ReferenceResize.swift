import Foundation
import GalleryCore
import ImageCodecs

/// A deliberately plain, independent Lanczos-3 resize in Double precision (straight alpha ignored;
/// opaque images only), used as the high-quality reference that thumbnails are held against.
public enum ReferenceResize {
    public static func lanczos3(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        func kernel(_ x: Double) -> Double {
            if x == 0 { return 1 }
            if abs(x) >= 3 { return 0 }
            return 3 * sin(.pi * x) * sin(.pi * x / 3) / (.pi * .pi * x * x)
        }
        func pass(_ source: [Double], _ sw: Int, _ sh: Int, horizontal: Bool, to length: Int) -> [Double] {
            let inLength = horizontal ? sw : sh
            let outW = horizontal ? length : sw, outH = horizontal ? sh : length
            let ratio = Double(inLength) / Double(length)
            let stretch = max(1, ratio), support = 3 * stretch
            var out = [Double](repeating: 0, count: outW * outH * 3)
            for o in 0..<length {
                let center = (Double(o) + 0.5) * ratio
                let lo = Int(floor(center - support)), hi = Int(ceil(center + support))
                var taps: [(Int, Double)] = []
                var total = 0.0
                for j in lo...hi {
                    let w = kernel((Double(j) + 0.5 - center) / stretch)
                    if w != 0 { taps.append((min(max(j, 0), inLength - 1), w)); total += w }
                }
                let other = horizontal ? sh : sw
                for k in 0..<other {
                    for c in 0..<3 {
                        var sum = 0.0
                        for (j, w) in taps {
                            let index = horizontal ? (k * sw + j) * 3 + c : (j * sw + k) * 3 + c
                            sum += source[index] * w
                        }
                        let target = horizontal ? (k * outW + o) * 3 + c : (o * outW + k) * 3 + c
                        out[target] = sum / total
                    }
                }
            }
            return out
        }
        var rgb = [Double](repeating: 0, count: image.width * image.height * 3)
        for i in 0..<image.width * image.height {
            for c in 0..<3 { rgb[i * 3 + c] = Double(image.pixels[i * 4 + c]) }
        }
        let across = pass(rgb, image.width, image.height, horizontal: true, to: width)
        let down = pass(across, width, image.height, horizontal: false, to: height)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<width * height {
            for c in 0..<3 { pixels[i * 4 + c] = UInt8(min(max(down[i * 3 + c].rounded(), 0), 255)) }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
