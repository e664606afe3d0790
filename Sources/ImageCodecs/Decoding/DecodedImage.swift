import GalleryCore

/// The result of a successful decode: upright pixels plus what the caller should know about them.
public struct DecodedImage: Sendable {
    /// Upright (EXIF orientation applied) 8-bit RGBA, straight alpha: the part `region` of the
    /// `decodedSize` image the decoder produced (all of it unless a region was asked for).
    public var image: RGBAImage
    /// Where `image` lies in the whole upright decode.
    public var region: ImageRegion
    /// The size of the whole upright decode (after DCT scaling).
    public var decodedSize: PixelSize
    public var format: ImageFormat
    /// The orientation that was applied.
    public var orientation: EXIFOrientation
    /// Full size of the stored image, upright.
    public var fullSize: PixelSize
    /// The DCT scale used, in eighths (8 = full size); for PNG, WebP and a HEIF's primary image 8, 4,
    /// 2 or 1 (reduced by 1, 2, 4 or 8), 0 for a HEIF's embedded thumbnail.
    public var scaleEighths: Int
    /// Problems the codec recovered from (a truncated JPEG, say); empty when the data was clean.
    public var warnings: [String]
    /// The colour description the file carries (the pixels are converted from it when the decode
    /// asked for a colour space).
    public var color: EmbeddedColor = .untagged
    /// The colour space the pixels were converted into, or nil for the stored values.
    public var colorSpace: ColorSpace?
    /// The colour space to convert into, when the decode left that to `prepareColorConversion()`.
    package var pendingColorSpace: ColorSpace?

    /// The colour conversion the decode left, but its pixel loop (its warnings join `warnings`): the
    /// transform left to apply to the pixels (any part of them at a time, on any thread), or nil
    /// when nothing is.
    package mutating func prepareColorConversion() -> ColorTransform? {
        guard let space = pendingColorSpace else { return nil }
        pendingColorSpace = nil
        return ColorConversion.prepare(&self, to: space)
    }
}
