import GalleryCore
import ImageCodecs

/// A photo as the cache knows it: its path and how it is decoded (budget, target box and fit, and
/// the colour space it is converted into).
/// Two scenes share a decode only when they would decode the photo identically.
public struct PhotoKey: Sendable, Hashable {
    public var path: String
    public var budget: PixelBudget
    public var box: PixelSize
    public var fit: DecodeOptions.TargetFit
    public var colorSpace: ColorSpace

    public init(
        path: String, budget: PixelBudget, box: PixelSize, fit: DecodeOptions.TargetFit,
        colorSpace: ColorSpace = .srgb
    ) {
        self.path = path
        self.budget = budget
        self.box = box
        self.fit = fit
        self.colorSpace = colorSpace
    }

    /// The decode options this key stands for.
    public var options: DecodeOptions {
        DecodeOptions(budget: budget, targetSize: box, fit: fit, colorSpace: colorSpace)
    }
}
