import GalleryCore

/// The EXIF Orientation tag (1–8): how the stored pixels must be transformed to appear upright.
public enum EXIFOrientation: Int, Sendable, CaseIterable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// True for 5–8, whose upright image has width and height exchanged.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The stored pixels that `apply` turns into the upright `region`, for a stored image of `storedSize`.
    public func storedRegion(of region: ImageRegion, storedSize: PixelSize) -> ImageRegion {
        let (w, h) = (storedSize.width, storedSize.height)
        func flipped(_ range: Range<Int>, in length: Int) -> Range<Int> {
            length - range.upperBound..<length - range.lowerBound
        }
        return switch self {
        case .up: region
        case .upMirrored: ImageRegion(x: flipped(region.x, in: w), y: region.y)
        case .down: ImageRegion(x: flipped(region.x, in: w), y: flipped(region.y, in: h))
        case .downMirrored: ImageRegion(x: region.x, y: flipped(region.y, in: h))
        case .leftMirrored: ImageRegion(x: region.y, y: region.x)
        case .right: ImageRegion(x: region.y, y: flipped(region.x, in: h))
        case .rightMirrored: ImageRegion(x: flipped(region.y, in: w), y: flipped(region.x, in: h))
        case .left: ImageRegion(x: flipped(region.y, in: w), y: region.x)
        }
    }

    /// The upright image: `image` transformed by this orientation; nil when memory for the copy
    /// cannot be had.
    public func apply(to image: RGBAImage) -> RGBAImage? {
        if self == .up { return image }
        let w = image.width, h = image.height
        let outWidth = swapsAxes ? h : w, outHeight = swapsAxes ? w : h
        // Upright pixel (x, y) is stored pixel base + x·dx + y·dy (in pixels): every orientation is affine.
        let (dx, dy, base): (Int, Int, Int) =
            switch self {
            case .up: (1, w, 0)
            case .upMirrored: (-1, w, w - 1)
            case .down: (-1, -w, (h - 1) * w + w - 1)
            case .downMirrored: (1, -w, (h - 1) * w)
            case .leftMirrored: (w, 1, 0)
            case .right: (-w, 1, (h - 1) * w)
            case .rightMirrored: (-w, -1, (h - 1) * w + w - 1)
            case .left: (w, -1, w - 1)
            }
        // In 32 × 32 tiles, so the transposing orientations read and write within the caches.
        let tile = 32
        guard var output = LargeArray.uninitialized(UInt8.self, count: image.pixels.count) else { return nil }
        output.withUnsafeMutableBufferPointer { buffer in
            image.pixels.withUnsafeBytes { raw in
                let source = raw.bindMemory(to: UInt32.self)
                let target = UnsafeMutableRawBufferPointer(buffer).bindMemory(to: UInt32.self)
                for tileY in stride(from: 0, to: outHeight, by: tile) {
                    for tileX in stride(from: 0, to: outWidth, by: tile) {
                        for y in tileY..<min(tileY + tile, outHeight) {
                            var from = base + tileX * dx + y * dy
                            for x in tileX..<min(tileX + tile, outWidth) {
                                target[y * outWidth + x] = source[from]
                                from += dx
                            }
                        }
                    }
                }
            }
        }
        return RGBAImage(width: outWidth, height: outHeight, pixels: output)
    }
}
