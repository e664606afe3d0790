import CHEIF
import GalleryCore

/// Decodes HEIF (HEIC) and AVIF through the CHEIF shim: the primary image with its transformations
/// applied, or its embedded thumbnail when that is large enough for the frame.
public enum HEIFDecoder {
    /// What the boxes declare: the primary image's size (upright) and its largest thumbnail of the
    /// same shape.
    public struct Header: Sendable, Hashable {
        public let size: PixelSize
        public let thumbnail: PixelSize?
    }

    /// Decodes a HEIF or AVIF file. With `options.targetSize`, the thumbnail when it leaves 2× for the
    /// final filter (the rule JPEG's DCT scale follows); otherwise the primary image.
    public static func decode(_ bytes: [UInt8], format: ImageFormat, options: DecodeOptions = DecodeOptions())
        throws(DecodeError) -> DecodedImage
    {
        let header = try header(bytes, budget: options.budget, format: format)
        let thumbnail = usesThumbnail(header, options: options)
        let size = thumbnail ? header.thumbnail ?? header.size : header.size
        var settings = shimOptions(options.budget)
        settings.use_thumbnail = thumbnail ? 1 : 0
        guard var pixels = LargeArray.uninitialized(UInt8.self, count: size.width * size.height * 4) else {
            throw .outOfMemory(bytes: size.width * size.height * 4)
        }
        var result = gr_heif_image()
        let status = pixels.withUnsafeMutableBufferPointer { buffer in
            bytes.withUnsafeBufferPointer { data in
                gr_heif_decode(data.baseAddress, data.count, &settings, buffer.baseAddress, buffer.count, &result)
            }
        }
        defer { gr_heif_free(result.icc) }
        // Over the limit, the size is the item's that is (an alpha plane's, say).
        let refused = PixelSize(width: Int(result.width), height: Int(result.height))
        try check(
            status, message: FixedCString.string(result.message),
            size: status == GR_HEIF_TOO_LARGE ? refused : header.size, format: format, options.budget)
        var color = EmbeddedColor.untagged
        if let icc = result.icc, result.icc_size > 0 {
            color = .icc(Array(UnsafeBufferPointer(start: icc, count: result.icc_size)))
        } else if result.has_nclx != 0 {
            color = .cicp(primaries: result.primaries, transfer: result.transfer)
        }
        return DecodedImage(
            image: RGBAImage(width: size.width, height: size.height, pixels: pixels),
            region: ImageRegion(whole: size), decodedSize: size, format: format, orientation: .up,
            fullSize: header.size, scaleEighths: thumbnail ? 1 : 8, warnings: [], color: color)
    }

    /// The declared sizes, with the budget checked (nothing decoded).
    public static func header(_ bytes: [UInt8], budget: PixelBudget, format: ImageFormat) throws(DecodeError)
        -> Header
    {
        var settings = shimOptions(budget)
        var header = gr_heif_header()
        let status = bytes.withUnsafeBufferPointer { gr_heif_read_header($0.baseAddress, $0.count, &settings, &header) }
        let size = PixelSize(width: Int(header.width), height: Int(header.height))
        try check(status, message: FixedCString.string(header.message), size: size, format: format, budget)
        let thumbnail = PixelSize(width: Int(header.thumbnail_width), height: Int(header.thumbnail_height))
        return Header(size: size, thumbnail: thumbnail.width > 0 && thumbnail.height > 0 ? thumbnail : nil)
    }

    /// Whether a decode with `options` uses the thumbnail: it must be at least the minimum decoded
    /// size (both sides to cover the box, one to fit in it).
    static func usesThumbnail(_ header: Header, options: DecodeOptions) -> Bool {
        guard let thumbnail = header.thumbnail, let minimum = options.minimumDecodedSize else { return false }
        switch options.fit {
        case .cover: return thumbnail.width >= minimum.width && thumbnail.height >= minimum.height
        case .fit: return thumbnail.width >= minimum.width || thumbnail.height >= minimum.height
        }
    }

    private static func shimOptions(_ budget: PixelBudget) -> gr_heif_options {
        gr_heif_options(
            max_pixels: UInt64(budget.maxPixels), max_side: UInt32(clamping: budget.maxSide), use_thumbnail: 0)
    }

    /// The one place a CHEIF status becomes a typed error.
    private static func check(
        _ status: gr_heif_status, message: String, size: PixelSize, format: ImageFormat, _ budget: PixelBudget
    ) throws(DecodeError) {
        switch status {
        case GR_HEIF_OK: return
        case GR_HEIF_TOO_LARGE where size.width > 0 && size.height > 0:
            throw .overBudget(width: size.width, height: size.height, budget: budget)
        case GR_HEIF_TOO_LARGE: throw .corrupt(format: format, message: message)
        case GR_HEIF_NO_MEMORY: throw .outOfMemory(bytes: nil)
        default: throw .corrupt(format: format, message: message)
        }
    }
}
