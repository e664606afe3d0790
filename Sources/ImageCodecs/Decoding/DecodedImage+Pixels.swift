import GalleryCore

extension DecodedImage {
    /// Pixels a caller decoded itself (the library's `Photo.image`), taken as they are: whole, upright,
    /// in `colorSpace`, with nothing to warn about. No file was read: `format` says PNG, the format
    /// such pixels are written in.
    public init(pixels image: RGBAImage, colorSpace: ColorSpace) {
        let size = PixelSize(width: image.width, height: image.height)
        self.init(
            image: image, region: ImageRegion(whole: size), decodedSize: size, format: .png, orientation: .up,
            fullSize: size, scaleEighths: 8, warnings: [], color: .untagged, colorSpace: colorSpace)
    }
}
