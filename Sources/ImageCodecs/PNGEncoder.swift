import CPNG

/// Encodes frames as PNG through the CPNG shim.
public enum PNGEncoder {
    /// Why a frame could not be encoded.
    public struct EncodeError: Error, Sendable, CustomStringConvertible {
        public let message: String
        public var description: String { "cannot encode PNG: \(message)" }
    }

    /// zlib level 3 with the Sub and Up filters: measured on rendered frames, within a few percent of
    /// level 6 with adaptive filtering at well under half the time (see README, "PNG output").
    public static let compressionLevel: Int32 = 3
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
            throw EncodeError(
                message: withUnsafeBytes(of: result.message) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                })
        }
        return [UInt8](UnsafeBufferPointer(start: bytes, count: result.size))
    }
}
