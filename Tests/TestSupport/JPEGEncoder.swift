import CJPEGCoefficients
import GalleryCore
import ImageCodecs

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Encodes JPEG photos — for generating test, fixture and benchmark data, never for frames.
public enum JPEGEncoder {
    /// JPEG bytes (4:2:0) for `image`, alpha ignored; `exifOrientation` adds an APP1 Exif segment,
    /// or `app1` gives the segment's payload verbatim (for hostile-input tests).
    public static func encode(
        _ image: RGBAImage, quality: Int = 90, progressive: Bool = false,
        exifOrientation: EXIFOrientation? = nil, bigEndianEXIF: Bool = true, app1: [UInt8]? = nil
    ) -> [UInt8]? {
        let app1 = app1 ?? exifOrientation.map { exifSegment(orientation: $0, bigEndian: bigEndianEXIF) } ?? []
        var settings = gr_jpeg_test_settings()
        settings.quality = Int32(quality)
        settings.progressive = progressive ? 1 : 0
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let bytes = image.pixels.withUnsafeBufferPointer { pixels in
            app1.withUnsafeBufferPointer { segment in
                gr_jpeg_test_encode_app1(
                    pixels.baseAddress, UInt32(image.width), UInt32(image.height), &settings, segment.baseAddress,
                    segment.count, &size, &message)
            }
        }
        guard let bytes else { return nil }
        defer { free(bytes) }
        return [UInt8](UnsafeBufferPointer(start: bytes, count: size))
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
