import ImageCodecs
import Raster

extension PhotoPart {
    /// What a decoder produced: the raster module never sees a codec's result type.
    public init(_ decoded: DecodedImage) {
        self.init(image: decoded.image, region: decoded.region, wholeSize: decoded.decodedSize)
    }
}
