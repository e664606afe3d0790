/// What a caller asks of a decode.
public struct DecodeOptions: Sendable, Hashable {
    /// Limits checked from the header before any pixel buffer is allocated.
    public var budget: PixelBudget
    /// The size (upright, after EXIF orientation) the image will finally be resampled to, or nil for
    /// full resolution. A JPEG then decodes at the smallest DCT scale M/8 that still leaves at least
    /// 2× for the final resampling filter, as libvips's shrink-on-load does.
    public var targetSize: PixelSize?

    public init(budget: PixelBudget = .standard, targetSize: PixelSize? = nil) {
        self.budget = budget
        self.targetSize = targetSize
    }

    /// The smallest decoded size (upright) that leaves 2× for the final filter.
    public var minimumDecodedSize: PixelSize? {
        targetSize.map { PixelSize(width: $0.width * 2, height: $0.height * 2) }
    }
}
