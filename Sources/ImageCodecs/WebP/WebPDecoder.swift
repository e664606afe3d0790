import CWebP
import GalleryCore

/// Decodes WebP (lossy, lossless, alpha; an animation's first frame) through the CWebP shim.
public enum WebPDecoder {
    /// Decodes a WebP whole, its canvas size checked against the budget from the header first.
    public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws(DecodeError)
        -> DecodedImage
    {
        let size = try header(bytes)
        guard options.budget.allows(size) else {
            throw .overBudget(width: size.width, height: size.height, budget: options.budget)
        }
        guard var pixels = LargeArray.uninitialized(UInt8.self, count: size.width * size.height * 4) else {
            throw .outOfMemory(bytes: size.width * size.height * 4)
        }
        var result = gr_webp_image()
        let status = pixels.withUnsafeMutableBufferPointer { buffer in
            bytes.withUnsafeBufferPointer { data in
                gr_webp_decode(data.baseAddress, data.count, buffer.baseAddress, buffer.count, &result)
            }
        }
        defer { gr_webp_free(result.icc) }
        try check(status, message: FixedCString.string(result.message))
        let color: EmbeddedColor =
            if let icc = result.icc, result.icc_size > 0 {
                .icc(Array(UnsafeBufferPointer(start: icc, count: result.icc_size)))
            } else { .untagged }
        let orientation = EXIFReader.orientation(ofWebP: bytes)
        guard let image = orientation.apply(to: RGBAImage(width: size.width, height: size.height, pixels: pixels))
        else { throw .outOfMemory(bytes: pixels.count) }
        let upright = PixelSize(width: image.width, height: image.height)
        return DecodedImage(
            image: image, region: ImageRegion(whole: upright), decodedSize: upright, format: .webp,
            orientation: orientation, fullSize: upright, scaleEighths: 8, warnings: [], color: color)
    }

    /// The canvas size its VP8, VP8L or VP8X header declares (nothing decoded).
    public static func header(_ bytes: [UInt8]) throws(DecodeError) -> PixelSize {
        var header = gr_webp_header()
        let status = bytes.withUnsafeBufferPointer { gr_webp_read_header($0.baseAddress, $0.count, &header) }
        try check(status, message: FixedCString.string(header.message))
        return PixelSize(width: Int(header.width), height: Int(header.height))
    }

    /// The one place a CWebP status becomes a typed error.
    private static func check(_ status: gr_webp_status, message: String) throws(DecodeError) {
        switch status {
        case GR_WEBP_OK: return
        case GR_WEBP_NO_MEMORY: throw .outOfMemory(bytes: nil)
        default: throw .corrupt(format: .webp, message: message)
        }
    }
}
