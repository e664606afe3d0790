import GalleryCore
import ImageCodecs

/// libFuzzer entry: any bytes through the WebP header and decoder (libwebp, libwebpdemux for
/// animations and ICCP) under a small budget, converted to sRGB from any profile found.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    let budget = PixelBudget(maxPixels: 4_000_000, maxSide: 8192, maxScans: 100)
    guard let declared = try? WebPDecoder.header(bytes) else { return 0 }
    guard let decoded = try? WebPDecoder.decode(bytes, options: DecodeOptions(budget: budget, colorSpace: .srgb))
    else { return 0 }
    if decoded.image.width != declared.width || decoded.image.height != declared.height {
        fatalError("decoded \(decoded.image.width)x\(decoded.image.height), header declared \(declared)")
    }
    return 0
}
