import GalleryCore

/// What a caller asks of a decode.
public struct DecodeOptions: Sendable, Hashable {
    /// Limits checked from the header before any pixel buffer is allocated.
    public var budget: PixelBudget
    /// The box (upright, after EXIF orientation) the image will finally be drawn into, or nil for full
    /// resolution. A JPEG then decodes at the smallest DCT scale M/8 that still leaves at least 2× for
    /// the final resampling filter, as libvips's shrink-on-load does.
    public var targetSize: PixelSize?
    /// How the image will fill `targetSize`.
    public var fit: TargetFit
    /// The part of the upright decoded image (at the scale the decode picks) the caller will read, or
    /// nil for all of it. A JPEG decodes only that part, to the same pixels; a PNG decodes whole.
    public var region: ImageRegion?
    /// The colour space to convert the photo into from its embedded profile, or nil to keep the stored
    /// values (as a diff compares them).
    public var colorSpace: ColorSpace?
    /// Threads the decode may use, the calling one included: a HEIC grid (how iPhones write them)
    /// decodes its tiles on them, each tile on one, sharing them with the other decodes running. The
    /// pixels do not depend on it.
    public var threads: Int = 1
    /// Leaves the colour conversion (and its warnings) to `DecodedImage.prepareColorConversion()` and
    /// the transform it returns, for whichever threads first need the pixels.
    package var defersColorConversion = false

    /// How an image fills its target box, which decides what "2× left for the filter" means.
    public enum TargetFit: Sendable, Hashable {
        /// Covers the box (aspect-fill, or a stretch): both sides must stay ≥ 2× the box.
        case cover
        /// Fits inside the box (aspect-fit): one side at ≥ 2× the box is enough.
        case fit
    }

    public init(
        budget: PixelBudget = .standard, targetSize: PixelSize? = nil, fit: TargetFit = .cover,
        region: ImageRegion? = nil, colorSpace: ColorSpace? = nil
    ) {
        self.budget = budget
        self.targetSize = targetSize
        self.fit = fit
        self.region = region
        self.colorSpace = colorSpace
    }

    /// The largest of 8, 4 and 2 that `size` can be divided by (rounding up) and still leave 2× for
    /// the final filter (both sides to cover the box, one to fit in it); 1 when none can, or without a
    /// target. HEIF's conversion and the reduction after a PNG or WebP decode follow it.
    public func reductionDivisor(for size: PixelSize) -> Int {
        guard let minimum = minimumDecodedSize else { return 1 }
        for divisor in [8, 4, 2] {
            let reduced = size.reduced(by: divisor)
            let enough =
                switch fit {
                case .cover: reduced.width >= minimum.width && reduced.height >= minimum.height
                case .fit: reduced.width >= minimum.width || reduced.height >= minimum.height
                }
            if enough { return divisor }
        }
        return 1
    }

    /// The smallest decoded size (upright) that leaves 2× for the final filter.
    public var minimumDecodedSize: PixelSize? {
        targetSize.map { PixelSize(width: $0.width * 2, height: $0.height * 2) }
    }
}
