import GalleryCore
import ImageCodecs

/// libFuzzer entry: any bytes through the top-level box walk (`ISOBoxExtent`), then the HEIF/AVIF
/// header and decoder (libheif, and the tile-by-tile grid decoder) under a small budget, at a target
/// box the last byte picks (so the thumbnail path runs too), on two threads. A decode must give the size its header declared; differential: a decode of
/// a region (from the second-to-last byte) must be the whole decode there, within 1 (a whole decode
/// that meets a damaged tile is libheif's, whose conversion may round apart from the grid decoder's).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIF(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    let budget = PixelBudget(maxPixels: 4_000_000, maxSide: 8192, maxScans: 100)
    let format = ImageFormat(sniffing: bytes) == .avif ? ImageFormat.avif : .heif
    // How far the boxes reach (what a photo's read stops at): within the file, whatever the bytes.
    let end = try? ISOBoxExtent.end(fileSize: size) { offset in Array(bytes[offset..<min(offset + 16, size)]) }
    if let end, end < 0 || end > size { fatalError("the boxes reach \(end) of \(size) bytes") }
    guard let header = try? HEIFDecoder.header(bytes, budget: budget, format: format) else { return 0 }
    let side = Int(bytes.last ?? 0) + 1
    var options = DecodeOptions(budget: budget, targetSize: PixelSize(width: side, height: side), colorSpace: .srgb)
    options.threads = 2
    guard let decoded = try? HEIFDecoder.decode(bytes, format: format, options: options) else { return 0 }
    let divisor = decoded.scaleEighths == 0 ? 1 : 8 / decoded.scaleEighths
    let reduced = header.size.reduced(by: divisor)
    let expected = decoded.scaleEighths == 0 ? header.thumbnail : reduced
    if decoded.image.width != expected?.width || decoded.image.height != expected?.height {
        fatalError("decoded \(decoded.image.width)x\(decoded.image.height), header declared \(String(describing: expected))")
    }
    // A band of rows and columns a quarter of the image wide, where the second-to-last byte says.
    let at = Int(bytes.count > 1 ? bytes[bytes.count - 2] : 0)
    let (w, h) = (decoded.image.width, decoded.image.height)
    guard decoded.region == ImageRegion(whole: decoded.decodedSize), w >= 4, h >= 4 else { return 0 }
    let x = at % (w - w / 4), y = at % (h - h / 4)
    let region = ImageRegion(x: x..<x + w / 4, y: y..<y + h / 4)
    options.region = region
    guard let part = try? HEIFDecoder.decode(bytes, format: format, options: options) else {
        fatalError("the whole image decoded, a region of it did not")
    }
    guard let inside = decoded.image.cropped(to: region), let partInside = part.image.cropped(to:
        ImageRegion(x: (x - part.region.x.lowerBound)..<(x - part.region.x.lowerBound + w / 4),
                    y: (y - part.region.y.lowerBound)..<(y - part.region.y.lowerBound + h / 4)))
    else { return 0 }
    let apart = zip(inside.pixels, partInside.pixels).contains { abs(Int($0) - Int($1)) > 1 }
    if !part.region.contains(region) || apart { fatalError("a region decode differs from the whole") }
    return 0
}
