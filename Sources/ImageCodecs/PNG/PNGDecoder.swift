import CPNG
import GalleryCore

/// Decodes PNG through the CPNG shim: every colour type and bit depth to 8-bit RGBA.
public enum PNGDecoder {
    /// Decodes a whole PNG. 16-bit samples are reduced with rounding. The colour chunks
    /// (cICP, iCCP, sRGB) are read into `color`; converting is `ImageDecoder`'s.
    public static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws(DecodeError)
        -> DecodedImage
    {
        try decode(bytes, options: options, reader: .automatic)
    }

    /// `decode` with the reader chosen: the test seam the tests and the fuzz targets compare with.
    package static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions(), reader: PNGReader)
        throws(DecodeError) -> DecodedImage
    {
        // IHDR must come first; its size sizes the buffer libpng decodes into (it checks it again).
        guard let declared = declaredSize(bytes), declared.width > 0, declared.height > 0 else {
            // No IHDR where it must be, or one of no pixels: libpng, given no room for pixels, says
            // what is wrong instead.
            throw refusal(of: bytes, reader: reader)
        }
        guard options.budget.allows(declared) else {
            throw .overBudget(width: declared.width, height: declared.height, budget: options.budget)
        }
        var result = gr_png_image()
        var status = GR_PNG_ERROR
        let count = declared.width * declared.height * 4
        guard var pixels = LargeArray.uninitialized(UInt8.self, count: count) else {
            throw .outOfMemory(bytes: count)
        }
        status = pixels.withUnsafeMutableBufferPointer { buffer in shim(reader, bytes, options, buffer, &result) }
        try check(status, result: result, declared: declared, options: options)
        // An eXIf chunk's orientation is honoured, as browsers honour it.
        let orientation = EXIFReader.orientation(ofPNG: bytes)
        guard
            let image = orientation.apply(to: RGBAImage(width: declared.width, height: declared.height, pixels: pixels))
        else { throw .outOfMemory(bytes: count) }
        let upright = PixelSize(width: image.width, height: image.height)
        return DecodedImage(
            image: image, region: ImageRegion(whole: upright), decodedSize: upright, format: .png,
            orientation: orientation, fullSize: upright, scaleEighths: 8, warnings: [],
            color: ColorProfileReader.png(bytes))
    }

    /// The shim's decode entry point for `reader`, into `buffer`.
    private static func shim(
        _ reader: PNGReader, _ bytes: [UInt8], _ options: DecodeOptions, _ buffer: UnsafeMutableBufferPointer<UInt8>,
        _ result: inout gr_png_image
    ) -> gr_png_status {
        bytes.withUnsafeBufferPointer { data in
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
    }

    /// Why a file without IHDR at its start is refused: what the reader says of it with no room for
    /// pixels.
    private static func refusal(of bytes: [UInt8], reader: PNGReader) -> DecodeError {
        var result = gr_png_image()
        // No buffer at all: an empty array's storage is shared by every empty array, never written.
        let status = shim(reader, bytes, DecodeOptions(), UnsafeMutableBufferPointer(start: nil, count: 0), &result)
        do throws(DecodeError) {
            try check(status, result: result, declared: PixelSize(width: 0, height: 0), options: DecodeOptions())
        } catch {
            return error
        }
        return .corrupt(format: .png, message: "no IHDR chunk at the start")
    }

    /// The one place a CPNG status becomes a typed error; `declared` is IHDR's size.
    private static func check(
        _ status: gr_png_status, result: gr_png_image, declared: PixelSize, options: DecodeOptions
    ) throws(DecodeError) {
        switch status {
        case GR_PNG_OK: return
        case GR_PNG_TOO_LARGE: throw .overBudget(width: declared.width, height: declared.height, budget: options.budget)
        case GR_PNG_NO_MEMORY: throw .outOfMemory(bytes: nil)
        case GR_PNG_DECLINED: throw .declined
        default: throw .corrupt(format: .png, message: FixedCString.string(result.message))
        }
    }

    /// The size IHDR declares, read from its fixed place, or nil when the header is not there.
    static func declaredSize(_ bytes: [UInt8]) -> PixelSize? {
        guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return PixelSize(width: word(16), height: word(20))
    }
}
