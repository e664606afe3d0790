import GalleryCore
import ImageCodecs

/// libFuzzer entry: any bytes through EXIF parsing and the JPEG decoder, at a DCT scale (the first
/// byte picks the target box), under a small budget. Differential too: a region decode (the second
/// and third bytes pick it) must give exactly the whole decode's pixels there.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    _ = EXIFReader.orientation(ofJPEG: bytes)
    let budget = PixelBudget(maxPixels: 4_000_000, maxSide: 8192, maxScans: 100)
    let side = Int(bytes.first ?? 0) + 1
    let options = DecodeOptions(budget: budget, targetSize: PixelSize(width: side, height: side))
    guard let whole = try? JPEGDecoder.decode(bytes, options: options), whole.warnings.isEmpty else { return 0 }
    let (w, h) = (whole.decodedSize.width, whole.decodedSize.height)
    let a = Int(bytes.count > 1 ? bytes[1] : 0), b = Int(bytes.count > 2 ? bytes[2] : 0)
    let region = ImageRegion(x: a * w / 256..<max(a * w / 256 + 1, w - b * w / 512), y: b * h / 256..<h)
    var partial = options
    partial.region = region
    guard let part = try? JPEGDecoder.decode(bytes, options: partial) else {
        fatalError("a region of a decodable JPEG failed to decode")
    }
    for y in region.y {
        for x in region.x where part.image[x - region.x.lowerBound, y - region.y.lowerBound] != whole.image[x, y] {
            fatalError("region pixel (\(x), \(y)) differs from the whole decode")
        }
    }
    return 0
}
