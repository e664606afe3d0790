import GalleryCore

/// Upright photo pixels, whole or in part: `image` holds the pixels `region` of a `wholeSize` photo
/// (what a region decode gives). Resampling places the whole photo and reads only inside `region`.
public struct PhotoPart: Sendable {
    public var image: RGBAImage
    public var region: ImageRegion
    public var wholeSize: PixelSize

    /// A part; `image` must be exactly `region`'s size.
    public init(image: RGBAImage, region: ImageRegion, wholeSize: PixelSize) {
        self.image = image
        self.region = region
        self.wholeSize = wholeSize
    }

    /// The whole of `image`.
    public init(whole image: RGBAImage) {
        let size = PixelSize(width: image.width, height: image.height)
        self.init(image: image, region: ImageRegion(whole: size), wholeSize: size)
    }
}
