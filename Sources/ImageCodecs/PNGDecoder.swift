import CPNG

/// Decodes PNG through the CPNG shim: every colour type and bit depth to 8-bit RGBA.
public enum PNGDecoder {
    /// Decodes a whole PNG. 16-bit samples are reduced with rounding; gAMA, cHRM and iCCP are not applied.
    public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws(DecodeError)
        -> DecodedImage
    {
        if let declared = declaredSize(bytes), !options.budget.allows(declared) {
            throw .overBudget(width: declared.width, height: declared.height, budget: options.budget)
        }
        var result = gr_png_image()
        let status = bytes.withUnsafeBufferPointer { buffer in
            gr_png_decode(
                buffer.baseAddress, buffer.count, UInt64(options.budget.maxPixels),
                UInt32(clamping: options.budget.maxSide), &result)
        }
        defer { gr_png_free(result.pixels) }
        try check(status, result: result, bytes: bytes, options: options)
        let width = Int(result.width), height = Int(result.height)
        let pixels = [UInt8](UnsafeBufferPointer(start: result.pixels, count: width * height * 4))
        return DecodedImage(
            image: RGBAImage(width: width, height: height, pixels: pixels), format: .png, orientation: .up,
            fullSize: PixelSize(width: width, height: height), scaleEighths: 8, warnings: [])
    }

    /// The one place a CPNG status becomes a typed error.
    private static func check(
        _ status: gr_png_status, result: gr_png_image, bytes: [UInt8], options: DecodeOptions
    ) throws(DecodeError) {
        let message = FixedCString.string(result.message)
        switch status {
        case GR_PNG_OK:
            return
        case GR_PNG_TOO_LARGE:
            let declared = declaredSize(bytes) ?? PixelSize(width: 0, height: 0)
            throw .overBudget(width: declared.width, height: declared.height, budget: options.budget)
        case GR_PNG_NO_MEMORY:
            throw .outOfMemory
        default:
            throw .corrupt(format: .png, message: message)
        }
    }

    /// The size IHDR declares, read from its fixed place, or nil when the header is not there.
    private static func declaredSize(_ bytes: [UInt8]) -> PixelSize? {
        guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return PixelSize(width: word(16), height: word(20))
    }
}
