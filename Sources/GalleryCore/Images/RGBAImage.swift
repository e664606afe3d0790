/// An image in memory: 8-bit RGBA, **straight (not premultiplied) alpha**, rows packed top to bottom
/// with a stride of `width * 4` bytes. Every decoder produces this and the PNG encoder consumes it.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A per pixel.
    public var pixels: [UInt8]

    /// Creates an image from packed pixels; `pixels.count` must be `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "pixel count mismatch")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image filled with one colour.
    public init(width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = fill.r
            pixels[i + 1] = fill.g
            pixels[i + 2] = fill.b
            pixels[i + 3] = fill.a
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// True when every pixel has alpha 255.
    public var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { buffer in
            var index = 3
            while index < buffer.count {
                if buffer[index] != 255 { return false }
                index += 4
            }
            return true
        }
    }

    /// The pixel at (x, y) as (r, g, b, a).
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        get {
            let i = (y * width + x) * 4
            return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) = newValue
        }
    }

    /// The pixels of `region` (within the image) as an image of their own; nil when the memory for
    /// them cannot be had.
    public func cropped(to region: ImageRegion) -> RGBAImage? {
        let rowBytes = region.x.count * 4
        guard var pixels = LargeArray.uninitialized(UInt8.self, count: rowBytes * region.y.count) else { return nil }
        pixels.withUnsafeMutableBytes { out in
            self.pixels.withUnsafeBytes { source in
                for (k, y) in region.y.enumerated() {
                    let row = (y * width + region.x.lowerBound) * 4
                    UnsafeMutableRawBufferPointer(rebasing: out[k * rowBytes..<(k + 1) * rowBytes])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[row..<row + rowBytes]))
                }
            }
        }
        return RGBAImage(width: region.x.count, height: region.y.count, pixels: pixels)
    }
}
