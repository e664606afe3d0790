import CHEIF
import GalleryCore

/// Decodes HEIF (HEIC) and AVIF through the CHEIF shim: the primary image with its transformations
/// applied, or its embedded thumbnail when that is large enough for the frame; the primary image
/// reduced by 2, 4 or 8 as it is converted from YCbCr when that still leaves 2× for the final filter
/// (the rule JPEG's DCT scale follows), which spares the full-size RGB image.
public enum HEIFDecoder {
    /// What the boxes declare: the primary image's size (upright) and its largest thumbnail of the
    /// same shape.
    public struct Header: Sendable, Hashable {
        public let size: PixelSize
        public let thumbnail: PixelSize?
    }

    /// What a decode reads: the thumbnail, or the primary image reduced by `divisor`.
    struct Plan: Equatable {
        let thumbnail: Bool
        let divisor: Int
        /// The size of the decoded image.
        let size: PixelSize

        /// The scale in eighths the rest of the pipeline knows decodes by: 8 / divisor, 0 for the
        /// thumbnail.
        var scaleEighths: Int { thumbnail ? 0 : 8 / divisor }
    }

    /// Decodes a HEIF or AVIF file. With `options.targetSize`, the thumbnail when it leaves 2× for the
    /// final filter, else the primary image reduced as far as that allows; without, the primary image.
    public static func decode(_ bytes: [UInt8], format: ImageFormat, options: DecodeOptions = DecodeOptions())
        throws(DecodeError) -> DecodedImage
    {
        let header = try header(bytes, budget: options.budget, format: format)
        let planned = plan(header, options: options)
        do throws(DecodeError) {
            return try decode(bytes, format: format, header: header, plan: planned, options: options)
        } catch {
            // A damaged thumbnail is no reason to lose a photo whose primary image decodes.
            guard planned.thumbnail, case .corrupt = error else { throw error }
            let primary = plan(Header(size: header.size, thumbnail: nil), options: options)
            return try decode(bytes, format: format, header: header, plan: primary, options: options)
        }
    }

    /// Decodes as `plan` says. A grid decoded tile by tile (CHEIF) decodes only the tiles that meet
    /// `options.region` (in the reduced image's pixels), and its result is that region.
    private static func decode(
        _ bytes: [UInt8], format: ImageFormat, header: Header, plan: Plan, options: DecodeOptions
    ) throws(DecodeError) -> DecodedImage {
        let (thumbnail, size, budget) = (plan.thumbnail, plan.size, options.budget)
        var settings = shimOptions(budget)
        settings.threads = UInt32(clamping: options.threads)
        settings.use_thumbnail = thumbnail ? 1 : 0
        settings.divisor = UInt32(plan.divisor)
        let whole = ImageRegion(whole: size)
        let region = thumbnail ? nil : options.region.map { $0.clamped(to: whole) }.flatMap { $0.isEmpty ? nil : $0 }
        if let region, region != whole {
            settings.region_x0 = UInt32(region.x.lowerBound)
            settings.region_y0 = UInt32(region.y.lowerBound)
            settings.region_x1 = UInt32(region.x.upperBound)
            settings.region_y1 = UInt32(region.y.upperBound)
        }
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
            size: status == GR_HEIF_TOO_LARGE ? refused : header.size, format: format, budget)
        var color = EmbeddedColor.untagged
        if let icc = result.icc, result.icc_size > 0 {
            color = .icc(Array(UnsafeBufferPointer(start: icc, count: result.icc_size)))
        } else if result.has_nclx != 0 {
            color = .cicp(primaries: result.primaries, transfer: result.transfer)
        }
        var image = RGBAImage(width: size.width, height: size.height, pixels: pixels)
        var decoded = whole
        if result.region_decoded != 0, let region {
            // Only the region's pixels were written: it alone is the result.
            guard let part = image.cropped(to: region) else {
                throw .outOfMemory(bytes: region.x.count * region.y.count * 4)
            }
            (image, decoded) = (part, region)
        }
        return DecodedImage(
            image: image, region: decoded, decodedSize: size, format: format, orientation: .up,
            fullSize: header.size, scaleEighths: plan.scaleEighths, warnings: [], color: color)
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

    /// What a decode with `options` reads: the thumbnail when it is at least the minimum decoded size
    /// (both sides to cover the box, one to fit in it), else the primary image reduced by the largest
    /// of 8, 4 and 2 that still is, else whole.
    static func plan(_ header: Header, options: DecodeOptions) -> Plan {
        let whole = Plan(thumbnail: false, divisor: 1, size: header.size)
        guard let minimum = options.minimumDecodedSize else { return whole }
        func enough(_ size: PixelSize) -> Bool {
            switch options.fit {
            case .cover: size.width >= minimum.width && size.height >= minimum.height
            case .fit: size.width >= minimum.width || size.height >= minimum.height
            }
        }
        if let thumbnail = header.thumbnail, enough(thumbnail) {
            return Plan(thumbnail: true, divisor: 1, size: thumbnail)
        }
        let divisor = options.reductionDivisor(for: header.size)
        if divisor > 1 {
            return Plan(thumbnail: false, divisor: divisor, size: header.size.reduced(by: divisor))
        }
        return whole
    }

    private static func shimOptions(_ budget: PixelBudget) -> gr_heif_options {
        gr_heif_options(
            max_pixels: UInt64(budget.maxPixels), max_side: UInt32(clamping: budget.maxSide), use_thumbnail: 0,
            divisor: 1, reference_decoder: 0, threads: 1, region_x0: 0, region_y0: 0, region_x1: 0, region_y1: 0)
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
        case GR_HEIF_NO_LIBRARY: throw .codecUnavailable(format: format, message: message)
        default: throw .corrupt(format: format, message: message)
        }
    }
}
