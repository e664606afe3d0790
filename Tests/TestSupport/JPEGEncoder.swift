import CJPEG
import GalleryCore
import ImageCodecs

/// Encodes JPEG photos — for generating test, fixture and benchmark data, never for frames.
public enum JPEGEncoder {
    /// JPEG bytes (4:2:0) for `image`, alpha ignored; `exifOrientation` adds an APP1 Exif segment,
    /// or `app1` gives the segment's payload verbatim (for hostile-input tests).
    public static func encode(
        _ image: RGBAImage, quality: Int = 90, progressive: Bool = false,
        exifOrientation: EXIFOrientation? = nil, bigEndianEXIF: Bool = true, app1: [UInt8]? = nil
    ) -> [UInt8]? {
        let app1 = app1 ?? exifOrientation.map { exifSegment(orientation: $0, bigEndian: bigEndianEXIF) } ?? []
        var result = gr_jpeg_buffer()
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            app1.withUnsafeBufferPointer { segment in
                gr_jpeg_encode(
                    pixels.baseAddress, UInt32(image.width), UInt32(image.height), Int32(quality),
                    progressive ? 1 : 0, segment.baseAddress, segment.count, &result)
            }
        }
        defer { gr_jpeg_free(result.bytes) }
        guard status == GR_JPEG_OK, let bytes = result.bytes else { return nil }
        return [UInt8](UnsafeBufferPointer(start: bytes, count: result.size))
    }

    /// A minimal "Exif\0\0" APP1 payload: a TIFF header and IFD0 holding only the orientation.
    public static func exifSegment(orientation: EXIFOrientation, bigEndian: Bool) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] {
            bigEndian ? [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)]
        }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        let order: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        let entry = u16(0x0112) + u16(3) + u32(1) + u16(orientation.rawValue) + u16(0)
        return Array("Exif".utf8) + [0, 0] + order + u16(42) + u32(8) + u16(1) + entry + u32(0)
    }
}
