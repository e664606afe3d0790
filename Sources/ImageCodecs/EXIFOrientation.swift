/// The EXIF Orientation tag (1–8): how the stored pixels must be transformed to appear upright.
public enum EXIFOrientation: Int, Sendable, CaseIterable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// True for 5–8, whose upright image has width and height exchanged.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The upright image: `image` transformed by this orientation.
    public func apply(to image: RGBAImage) -> RGBAImage {
        if self == .up { return image }
        let w = image.width, h = image.height
        let outWidth = swapsAxes ? h : w, outHeight = swapsAxes ? w : h
        var output = [UInt8](repeating: 0, count: image.pixels.count)
        image.pixels.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { target in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        let (sx, sy): (Int, Int) =
                            switch self {
                            case .up: (x, y)
                            case .upMirrored: (w - 1 - x, y)
                            case .down: (w - 1 - x, h - 1 - y)
                            case .downMirrored: (x, h - 1 - y)
                            case .leftMirrored: (y, x)
                            case .right: (y, h - 1 - x)
                            case .rightMirrored: (w - 1 - y, h - 1 - x)
                            case .left: (w - 1 - y, x)
                            }
                        let pixel = source.loadUnaligned(fromByteOffset: (sy * w + sx) * 4, as: UInt32.self)
                        target.storeBytes(of: pixel, toByteOffset: (y * outWidth + x) * 4, as: UInt32.self)
                    }
                }
            }
        }
        return RGBAImage(width: outWidth, height: outHeight, pixels: output)
    }
}
