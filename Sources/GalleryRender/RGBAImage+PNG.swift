import GalleryCore
import ImageCodecs

extension RGBAImage {
    /// The image as PNG bytes, by the encoder `gallery-render` writes its frames with.
    public func pngData() throws(RenderError) -> [UInt8] {
        do { return try PNGEncoder.encode(self) } catch { throw .encode(error) }
    }
}
