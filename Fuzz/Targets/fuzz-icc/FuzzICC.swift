import GalleryCore
import ImageCodecs

/// libFuzzer entry: any bytes as an embedded ICC profile, through the header checks and Little CMS,
/// into both frame colour spaces, applied to a strip of RGBA pixels and of CMYK ink; then the same bytes as a JPEG's APP2
/// segments and a PNG's colour chunks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICC(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    for space in ColorSpace.allCases {
        for ink in [ColorTransform.Pixels.rgba, .cmyk(inverted: false), .cmyk(inverted: true)] {
            var pixels = (0..<1024).map { UInt8(truncatingIfNeeded: $0 &* 37) }
            _ = ColorConversion.convert(pixels: &pixels, from: .icc(bytes), ink: ink, to: space)
        }
    }
    _ = ImageDecoder.embeddedColor(of: [0xFF, 0xD8] + bytes)
    _ = ImageDecoder.embeddedColor(of: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bytes)
    return 0
}
