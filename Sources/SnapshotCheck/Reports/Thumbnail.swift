import GalleryCore
import ImageCodecs

/// The small copy of a passed frame that a report lists: the frame (an animation's first frame)
/// averaged over whole blocks of k × k pixels, the smallest k that fits it in `side` × `side`, alpha
/// weighted so transparent pixels lend no colour. Integer arithmetic: the same bytes everywhere.
enum Thumbnail {
    /// The largest side of a thumbnail, in pixels: a row of them fits a laptop's screen.
    static let side = 240

    /// A thumbnail as a report shows it: its PNG file's name in the report and its size, which the
    /// page gives its `<img>` so that a report of thousands of frames lays out before they load.
    struct Shown: Sendable {
        var name: String
        var width, height: Int
    }

    /// PNG bytes of the thumbnail of the image in `bytes`, and its size.
    static func png(of bytes: [UInt8]) throws -> (png: [UInt8], width: Int, height: Int) {
        let image = reduced(try ImageDecoder.decode(bytes).image)
        return (try PNGEncoder.encode(image, compression: .matches), image.width, image.height)
    }

    /// `image` averaged over k × k blocks (edge blocks over the pixels they hold).
    static func reduced(_ image: RGBAImage) -> RGBAImage {
        let k = max(1, (max(image.width, image.height) + side - 1) / side)
        guard k > 1 else { return image }
        let (width, height) = ((image.width + k - 1) / k, (image.height + k - 1) / k)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                for x in 0..<width {
                    var (r, g, b, a, count) = (0, 0, 0, 0, 0)
                    for sy in (y * k)..<min(image.height, y * k + k) {
                        for sx in (x * k)..<min(image.width, x * k + k) {
                            let p = (sy * image.width + sx) * 4
                            let alpha = Int(source[p + 3])
                            r += Int(source[p]) * alpha
                            g += Int(source[p + 1]) * alpha
                            b += Int(source[p + 2]) * alpha
                            a += alpha
                            count += 1
                        }
                    }
                    let q = (y * width + x) * 4
                    if a > 0 {
                        pixels[q] = UInt8((r + a / 2) / a)
                        pixels[q + 1] = UInt8((g + a / 2) / a)
                        pixels[q + 2] = UInt8((b + a / 2) / a)
                    }
                    pixels[q + 3] = UInt8((a + count / 2) / count)
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
