import GalleryCore

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
        let bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            pixels.withUnsafeBufferPointer { Quantiser.quantise($0, into: buffer) }
            count = width * height * 4
        }
        return RGBAImage(width: width, height: height, pixels: bytes)
    }
}
