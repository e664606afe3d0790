import CJPEG
import GalleryCore

/// Decodes JPEG through the CJPEG shim, with DCT-domain downscaling and EXIF orientation.
public enum JPEGDecoder {
    /// Why a JPEG cut short is refused (found by review: libjpeg drew its rest grey, and `diff`
    /// compared it): the contract's truncated photo, a placeholder.
    static let truncated = "the file ends before the image does (truncated)"

    /// The header of a JPEG whose image data ends (an EOI after its scans); a file cut short throws,
    /// and one whose frame header lies past the metadata a photo may have says so (found by review:
    /// "contains no image" for a photo with 17 MB of XMP).
    private static func wholeHeader(_ bytes: [UInt8], budget: PixelBudget) throws(DecodeError) -> PixelSize {
        let full: PixelSize
        do { full = try header(bytes) } catch {
            guard bytes.count >= PhotoReadLimit.metadataBytes,
                JPEGSegmentWalk.beforeScan(bytes, { _, _ in true }) == nil
            else { throw error }
            throw .corrupt(
                format: .jpeg,
                message:
                    "no frame header within the first \(PhotoReadLimit.metadataBytes >> 20) MiB, the metadata a photo may have"
            )
        }
        // Over the budget first: such a photo is read only as far as its header, so it has no end to
        // find (found by review: a whole 12.2 MP photo under a 12 MP budget was "truncated").
        guard budget.allows(full) else { throw .overBudget(width: full.width, height: full.height, budget: budget) }
        if JPEGSegmentWalk.endsItsImage(bytes) == false { throw .corrupt(format: .jpeg, message: truncated) }
        return full
    }

    /// Decodes a JPEG upright. With `options.targetSize`, decodes at the smallest scale M/8 that still
    /// leaves 2× for the final filter; with `options.region`, only that part of the upright result.
    /// A file whose image data does not end (cut short: no EOI after its scans) is corrupt, whatever
    /// part of it is asked for; other recoverable corruption decodes with libjpeg's warning.
    public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws(DecodeError)
        -> DecodedImage
    {
        let orientation = EXIFReader.orientation(ofJPEG: bytes)
        let full = try wholeHeader(bytes, budget: options.budget)
        let m = try plannedScale(full: full, orientation: orientation, options: options)
        let scaled = PixelSize(width: (full.width * m + 7) / 8, height: (full.height * m + 7) / 8)
        let upright = orientation.swapsAxes ? scaled.transposed : scaled
        // The region asked for, within the image; decoded in stored axes, turned upright after.
        var region = ImageRegion(whole: upright)
        if let wanted = options.region?.clamped(to: region), !wanted.isEmpty { region = wanted }
        let stored = orientation.storedRegion(of: region, storedSize: scaled)
        // A CMYK JPEG with a CMYK profile is converted through it when the decode asks for a colour
        // space: its ink values come out as stored.
        let embedded = ColorProfileReader.jpeg(bytes)
        var cmykProfile = false
        if case .icc(let profile) = embedded { cmykProfile = ICCProfile(profile).isCMYK }
        let keepCMYK = cmykProfile && options.colorSpace != nil
        var settings = Self.settings(options.budget, eighths: m, region: stored, keepCMYK: keepCMYK)
        let (width, height) = (stored.x.count, stored.y.count)
        var result = gr_jpeg_image()
        var status = GR_JPEG_ERROR
        // libjpeg writes straight into the array's storage: decoded pixels are never copied.
        guard var pixels = LargeArray.uninitialized(UInt8.self, count: width * height * 4) else {
            throw .outOfMemory(bytes: width * height * 4)
        }
        status = pixels.withUnsafeMutableBufferPointer { buffer in
            bytes.withUnsafeBufferPointer { data in
                gr_jpeg_decode(data.baseAddress, data.count, &settings, buffer.baseAddress, buffer.count, &result)
            }
        }
        try check(status, message: message(result.message), full: full, options: options, result: result)
        var warnings = result.warnings > 0 ? [message(result.message)] : []
        var converted: ColorSpace?
        var color = embedded
        if result.cmyk_source != 0, !cmykProfile, case .icc = color {
            color = .unreadable("a profile for RGB or gray pixels on a CMYK JPEG")
        }
        if result.cmyk != 0, let space = options.colorSpace {
            let ink = ColorTransform.Pixels.cmyk(inverted: result.inverted != 0)
            if let reason = ColorConversion.convert(pixels: &pixels, from: embedded, ink: ink, to: space) {
                warnings.append("colour profile ignored, taken as sRGB: \(reason)")
                CMYKInk.toRGBA(&pixels, inverted: result.inverted != 0)
            }
            converted = space
        }
        guard let image = orientation.apply(to: RGBAImage(width: width, height: height, pixels: pixels)) else {
            throw .outOfMemory(bytes: pixels.count)
        }
        return DecodedImage(
            image: image, region: region,
            decodedSize: upright, format: .jpeg,
            orientation: orientation, fullSize: orientation.swapsAxes ? full.transposed : full, scaleEighths: m,
            warnings: warnings, color: color, colorSpace: converted)
    }

    /// CJPEG's options: `budget`'s limits, the scale in eighths, the stored `region` to decode.
    private static func settings(_ budget: PixelBudget, eighths: Int, region: ImageRegion, keepCMYK: Bool)
        -> gr_jpeg_options
    {
        gr_jpeg_options(
            max_pixels: UInt64(budget.maxPixels), max_side: UInt32(clamping: budget.maxSide),
            max_scans: UInt32(clamping: budget.maxScans), scale_eighths: UInt32(eighths),
            region_x: UInt32(region.x.lowerBound), region_y: UInt32(region.y.lowerBound),
            region_width: UInt32(region.x.count), region_height: UInt32(region.y.count), keep_cmyk: keepCMYK ? 1 : 0,
            plain_idct: 0, plain_skip: 0, plain_entropy: 0, portable_idct: 0,
            max_scan_blocks: UInt64(clamping: budget.maxScanBlocks))
    }

    /// The DCT scale M (in eighths) `decode` uses for a JPEG of stored size `full` and `orientation`:
    /// within the budget, picked in stored axes for the upright target.
    static func plannedScale(full: PixelSize, orientation: EXIFOrientation, options: DecodeOptions)
        throws(DecodeError) -> Int
    {
        guard options.budget.allows(full) else {
            throw .overBudget(width: full.width, height: full.height, budget: options.budget)
        }
        var stored = options
        stored.targetSize = options.targetSize.map { orientation.swapsAxes ? $0.transposed : $0 }
        return scaleEighths(for: full, options: stored)
    }

    /// The stored size from the headers (nothing decoded, nothing allocated).
    static func header(_ bytes: [UInt8]) throws(DecodeError) -> PixelSize {
        var header = gr_jpeg_header()
        let status = bytes.withUnsafeBufferPointer { gr_jpeg_read_header($0.baseAddress, $0.count, &header) }
        try check(status, message: message(header.message), full: nil, options: DecodeOptions())
        return PixelSize(width: Int(header.width), height: Int(header.height))
    }

    /// The scale M (meaning M/8) a decode of `fullSize` (stored axes) with `options` would use.
    public static func scaleEighths(for fullSize: PixelSize, options: DecodeOptions) -> Int {
        guard let minimum = options.minimumDecodedSize else { return 8 }
        return Int(
            gr_jpeg_pick_scale(
                UInt32(clamping: fullSize.width), UInt32(clamping: fullSize.height),
                UInt32(clamping: minimum.width), UInt32(clamping: minimum.height), options.fit == .fit ? 1 : 0))
    }

    /// The one place a CJPEG status becomes a typed error.
    private static func check(
        _ status: gr_jpeg_status, message: String, full: PixelSize?, options: DecodeOptions,
        result: gr_jpeg_image = gr_jpeg_image()
    ) throws(DecodeError) {
        switch status {
        case GR_JPEG_OK: return
        case GR_JPEG_TOO_LARGE:
            throw .overBudget(width: full?.width ?? 0, height: full?.height ?? 0, budget: options.budget)
        case GR_JPEG_TOO_MANY_SCANS: throw .tooManyScans(limit: options.budget.maxScans)
        case GR_JPEG_TOO_MUCH_WORK: throw .tooManyScanBlocks(limit: Int(clamping: result.scan_block_limit))
        case GR_JPEG_12_BIT: throw .unsupported12BitJPEG
        case GR_JPEG_NO_MEMORY: throw .outOfMemory(bytes: nil)
        default: throw .corrupt(format: .jpeg, message: message)
        }
    }

    private static func message<Text>(_ text: Text) -> String { FixedCString.string(text) }
}
