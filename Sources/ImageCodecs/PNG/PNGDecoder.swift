import CPNG
import GalleryCore

/// Decodes PNG through the CPNG shim: every colour type and bit depth to 8-bit RGBA.
public enum PNGDecoder {
    /// Decodes a whole PNG. 16-bit samples are reduced with rounding; gAMA, cHRM and iCCP are not applied.
    public static func decode(
        _ bytes: [UInt8], options: DecodeOptions = DecodeOptions(), reader: PNGReader = .automatic
    ) throws(DecodeError) -> DecodedImage {
        // IHDR must come first; its size sizes the buffer libpng decodes into (it checks it again).
        let declared = declaredSize(bytes) ?? PixelSize(width: 0, height: 0)
        guard options.budget.allows(declared) else {
            throw .overBudget(width: declared.width, height: declared.height, budget: options.budget)
        }
        var result = gr_png_image()
        var status = GR_PNG_ERROR
        let count = declared.width * declared.height * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            status = bytes.withUnsafeBufferPointer { data in
                let decode =
                    switch reader {
                    case .automatic: gr_png_decode
                    case .libpng: gr_png_decode_libpng
                    case .fast: gr_png_decode_fast
                    }
                return decode(
                    data.baseAddress, data.count, UInt64(options.budget.maxPixels),
                    UInt32(clamping: options.budget.maxSide), buffer.baseAddress, buffer.count, &result)
            }
            initialized = status == GR_PNG_OK ? count : 0
        }
        try check(status, result: result, bytes: bytes, options: options)
        return DecodedImage(
            image: RGBAImage(width: declared.width, height: declared.height, pixels: pixels),
            region: ImageRegion(whole: declared), decodedSize: declared, format: .png,
            orientation: .up, fullSize: declared, scaleEighths: 8, warnings: [])
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
