import GalleryCore
import ImageCodecs

/// libFuzzer entry: any bytes through the HEIF/AVIF header and decoder (libheif) under a small
/// budget, at a target box the first byte picks (so the thumbnail path runs too). A decode must give
/// the size its header declared.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    let budget = PixelBudget(maxPixels: 4_000_000, maxSide: 8192, maxScans: 100)
    let format = ImageFormat(sniffing: bytes) == .avif ? ImageFormat.avif : .heif
    guard let header = try? HEIFDecoder.header(bytes, budget: budget, format: format) else { return 0 }
    let side = Int(bytes.last ?? 0) + 1
    let options = DecodeOptions(budget: budget, targetSize: PixelSize(width: side, height: side), colorSpace: .srgb)
    guard let decoded = try? HEIFDecoder.decode(bytes, format: format, options: options) else { return 0 }
    let divisor = decoded.scaleEighths == 0 ? 1 : 8 / decoded.scaleEighths
    let reduced = PixelSize(
        width: (header.size.width + divisor - 1) / divisor, height: (header.size.height + divisor - 1) / divisor)
    let expected = decoded.scaleEighths == 0 ? header.thumbnail : reduced
    if decoded.image.width != expected?.width || decoded.image.height != expected?.height {
        fatalError("decoded \(decoded.image.width)x\(decoded.image.height), header declared \(String(describing: expected))")
    }
    return 0
}
