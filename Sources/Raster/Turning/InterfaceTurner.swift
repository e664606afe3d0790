import GalleryCore

/// Draws a rendered interface turned about its centre onto a frame, as the screen shows it while the
/// device rotates: the interface's centre on the frame's centre, turned `degrees` counter-clockwise,
/// black wherever it does not reach.
///
/// An exact quarter turn (or none) is a permutation of the pixels, so the first frame of a rotation
/// is exactly the start's render turned. Other angles sample bilinearly (each frame pixel's centre
/// taken back into the interface, its position to 1/256 pixel), weights and premultiplied values in
/// integers over opaque black, the angle from `ExactSine`: the same bytes on every CPU.
public enum InterfaceTurner {
    /// `interface` turned by `degrees` onto a frame of `size`; nil when the frame's memory cannot be
    /// had.
    public static func turn(_ interface: RGBAImage, degrees: Double, onto size: PixelSize) -> RGBAImage? {
        let count = size.width * size.height * 4
        if degrees == 0, interface.width == size.width, interface.height == size.height { return interface }
        if abs(degrees) == 90, interface.width == size.height, interface.height == size.width {
            return quarterTurn(interface, counterClockwise: degrees > 0)
        }
        guard var pixels = LargeArray.filled(UInt8(0), count: count) else { return nil }
        let (sine, cosine) = ExactSine.sineAndCosine(degrees: degrees)
        let (frameX, frameY) = (Double(size.width) / 2, Double(size.height) / 2)
        let (middleX, middleY) = (Double(interface.width) / 2 - 0.5, Double(interface.height) / 2 - 0.5)
        interface.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { frame in
                for y in 0..<size.height {
                    let dy = Double(y) + 0.5 - frameY
                    for x in 0..<size.width {
                        let dx = Double(x) + 0.5 - frameX
                        // The inverse of the turn: u = x′cos θ − y′sin θ, v = x′sin θ + y′cos θ.
                        let u = dx * cosine - dy * sine, v = dx * sine + dy * cosine
                        let at = 4 * (y * size.width + x)
                        sample(
                            source, interface.width, interface.height, x: u + middleX, y: v + middleY, into: frame,
                            at: at)
                    }
                }
            }
        }
        return RGBAImage(width: size.width, height: size.height, pixels: pixels)
    }

    /// The bilinear sample of `source` at (`x`, `y`) (pixel centres at whole numbers), premultiplied,
    /// over opaque black, written at `frame[at...]`.
    @inline(__always)
    private static func sample(
        _ source: UnsafeBufferPointer<UInt8>, _ width: Int, _ height: Int, x: Double, y: Double,
        into frame: UnsafeMutableBufferPointer<UInt8>, at: Int
    ) {
        frame[at + 3] = 255
        guard x > -1, y > -1, x < Double(width), y < Double(height) else { return }
        let (fx, fy) = (Int((x * 256).rounded(.down)), Int((y * 256).rounded(.down)))
        let (left, top) = (fx >> 8, fy >> 8)
        let (wx, wy) = (fx & 255, fy & 255)
        var sums = (0, 0, 0)
        @inline(__always) func add(_ column: Int, _ row: Int, _ weight: Int) {
            guard weight > 0, column >= 0, row >= 0, column < width, row < height else { return }
            let index = 4 * (row * width + column)
            let w = weight * Int(source[index + 3])
            sums.0 += w * Int(source[index])
            sums.1 += w * Int(source[index + 1])
            sums.2 += w * Int(source[index + 2])
        }
        add(left, top, (256 - wx) * (256 - wy))
        add(left + 1, top, wx * (256 - wy))
        add(left, top + 1, (256 - wx) * wy)
        add(left + 1, top + 1, wx * wy)
        // Σ w·a·c over 65536·255, rounded: the premultiplied colour over black.
        let whole = 65536 * 255
        frame[at] = UInt8((sums.0 + whole / 2) / whole)
        frame[at + 1] = UInt8((sums.1 + whole / 2) / whole)
        frame[at + 2] = UInt8((sums.2 + whole / 2) / whole)
    }

    /// `image` turned a quarter turn: counter-clockwise, frame (X, Y) is interface (W − 1 − Y, X);
    /// clockwise, (Y, H − 1 − X).
    static func quarterTurn(_ image: RGBAImage, counterClockwise: Bool) -> RGBAImage? {
        let (width, height) = (image.height, image.width)
        guard var pixels = LargeArray.uninitialized(UInt8.self, count: width * height * 4) else { return nil }
        image.pixels.withUnsafeBytes { source in
            pixels.withUnsafeMutableBytes { frame in
                let from = source.bindMemory(to: UInt32.self), to = frame.bindMemory(to: UInt32.self)
                for y in 0..<height {
                    for x in 0..<width {
                        let (sx, sy) = counterClockwise ? (image.width - 1 - y, x) : (y, image.height - 1 - x)
                        to[y * width + x] = from[sy * image.width + sx]
                    }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
