import CJPEG

/// Decodes JPEG through the CJPEG shim, with DCT-domain downscaling and EXIF orientation.
public enum JPEGDecoder {
    /// Decodes a JPEG upright. With `options.targetSize`, decodes at the smallest scale M/8 that still
    /// leaves 2× for the final filter. Recoverable corruption (a truncated file) decodes with a warning.
    public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws(DecodeError)
        -> DecodedImage
    {
        let orientation = EXIFReader.orientation(ofJPEG: bytes)
        // The shim works in stored axes; the minimum is asked for upright.
        let minimum = options.minimumDecodedSize.map { orientation.swapsAxes ? $0.transposed : $0 }
        var settings = gr_jpeg_options(
            max_pixels: UInt64(options.budget.maxPixels), max_side: UInt32(clamping: options.budget.maxSide),
            max_scans: UInt32(clamping: options.budget.maxScans),
            min_width: UInt32(clamping: minimum?.width ?? Int(UInt32.max)),
            min_height: UInt32(clamping: minimum?.height ?? Int(UInt32.max)), either_side: options.fit == .fit ? 1 : 0)
        var result = gr_jpeg_image()
        let status = bytes.withUnsafeBufferPointer { buffer in
            gr_jpeg_decode(buffer.baseAddress, buffer.count, &settings, &result)
        }
        defer { gr_jpeg_free(result.pixels) }
        try check(status, result: result, options: options)

        let width = Int(result.width), height = Int(result.height)
        let stored = RGBAImage(
            width: width, height: height,
            pixels: [UInt8](UnsafeBufferPointer(start: result.pixels, count: width * height * 4)))
        let full = PixelSize(width: Int(result.full_width), height: Int(result.full_height))
        return DecodedImage(
            image: orientation.apply(to: stored), format: .jpeg, orientation: orientation,
            fullSize: orientation.swapsAxes ? full.transposed : full, scaleEighths: Int(result.scale_eighths),
            warnings: result.warnings > 0 ? [message(of: result)] : [])
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
    private static func check(_ status: gr_jpeg_status, result: gr_jpeg_image, options: DecodeOptions)
        throws(DecodeError)
    {
        switch status {
        case GR_JPEG_OK: return
        case GR_JPEG_TOO_LARGE:
            throw .overBudget(width: Int(result.full_width), height: Int(result.full_height), budget: options.budget)
        case GR_JPEG_TOO_MANY_SCANS: throw .tooManyScans(limit: options.budget.maxScans)
        case GR_JPEG_12_BIT: throw .unsupported12BitJPEG
        case GR_JPEG_NO_MEMORY: throw .outOfMemory
        default: throw .corrupt(format: .jpeg, message: message(of: result))
        }
    }

    private static func message(of result: gr_jpeg_image) -> String {
        withUnsafeBytes(of: result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
