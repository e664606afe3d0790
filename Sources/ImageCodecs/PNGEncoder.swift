import CPNG

/// Encodes frames as PNG through the CPNG shim.
public enum PNGEncoder {
    /// Why a frame could not be encoded.
    public struct EncodeError: Error, Sendable, CustomStringConvertible {
        public let message: String
        public var description: String { "cannot encode PNG: \(message)" }
    }

    /// zlib level 4 with the Sub, Up and Average filters. Measured on @3x frames of the fixtures
    /// (line 1125×600, grid 1125×2001): 10 % larger than level 6 with all five filters, in 0.34–0.39×
    /// the time (20 ms vs 52 ms, 104 ms vs 306 ms). See README, "PNG output".
    public static let compressionLevel: Int32 = 4
    public static let filters: Int32 = 0x10 | 0x20 | 0x40  // PNG_FILTER_SUB | PNG_FILTER_UP | PNG_FILTER_AVG

    /// PNG bytes for `image`: 8-bit RGB when it is opaque, RGBA otherwise. Same pixels, same bytes.
    public static func encode(
        _ image: RGBAImage, compressionLevel: Int32 = compressionLevel, filters: Int32 = filters
    ) throws(EncodeError) -> [UInt8] {
        var result = gr_png_buffer()
        let status = image.pixels.withUnsafeBufferPointer { buffer in
            gr_png_encode(
                buffer.baseAddress, UInt32(image.width), UInt32(image.height), image.isOpaque ? 0 : 1,
                compressionLevel, filters, &result)
        }
        defer { gr_png_free(result.bytes) }
        guard status == GR_PNG_OK, let bytes = result.bytes else {
            throw EncodeError(message: FixedCString.string(result.message))
        }
        return [UInt8](UnsafeBufferPointer(start: bytes, count: result.size))
    }
}
