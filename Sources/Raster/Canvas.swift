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

    /// The frame as 8-bit straight RGBA, each channel rounded to nearest (halves up).
    public func image() -> RGBAImage {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeBufferPointer { source in
            bytes.withUnsafeMutableBufferPointer { target in
                /// Clamped to 0…255, so adding ½ and truncating is rounding to nearest.
                @inline(__always) func byte(_ value: Float) -> UInt8 {
                    UInt8(truncatingIfNeeded: Int32(Swift.min(Swift.max(value, 0), 255) + 0.5))
                }
                for i in 0..<source.count {
                    let p = source[i]
                    guard p.w >= 0.5 else { continue }  // rounds to alpha 0: transparent black
                    let straight = p * (255 / p.w)
                    target[i * 4] = byte(straight.x)
                    target[i * 4 + 1] = byte(straight.y)
                    target[i * 4 + 2] = byte(straight.z)
                    target[i * 4 + 3] = byte(p.w)
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: bytes)
    }
}
