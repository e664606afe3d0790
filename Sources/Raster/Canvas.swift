import ImageCodecs

/// A frame being composited: **premultiplied** RGBA in Float on the 0…255 scale, one SIMD4 per pixel,
/// rows top to bottom. Quantised to 8-bit straight RGBA only once, at the end.
public struct Canvas: Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [SIMD4<Float>]

    /// A canvas filled with `background`.
    public init(width: Int, height: Int, background: Color) {
        self.width = width
        self.height = height
        pixels = [SIMD4<Float>](repeating: background.premultiplied, count: width * height)
    }

    /// The frame as 8-bit straight RGBA, each channel rounded to nearest.
    public func image() -> RGBAImage {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeBufferPointer { source in
            bytes.withUnsafeMutableBufferPointer { target in
                for i in 0..<source.count {
                    let p = source[i]
                    let alpha = min(max(p.w, 0), 255).rounded()
                    guard alpha > 0 else { continue }
                    let straight = p * (255 / p.w)
                    target[i * 4] = UInt8(min(max(straight.x, 0), 255).rounded())
                    target[i * 4 + 1] = UInt8(min(max(straight.y, 0), 255).rounded())
                    target[i * 4 + 2] = UInt8(min(max(straight.z, 0), 255).rounded())
                    target[i * 4 + 3] = UInt8(alpha)
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: bytes)
    }
}
