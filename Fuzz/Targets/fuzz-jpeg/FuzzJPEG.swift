import CJPEG
import GalleryCore
import ImageCodecs

/// libFuzzer entry: any bytes through EXIF parsing and the JPEG decoder, at a DCT scale (the first
/// byte picks the target box), under a small budget. Differential too: a region decode (the second
/// and third bytes pick it) must give exactly the whole decode's pixels there, and at 3/8 and 6/8
/// the AVX2 inverse DCTs must give libjpeg's own bytes, status and warnings (`sameAsLibjpegIDCT`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    sameAsLibjpegIDCT(bytes)
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

/// Decodes `bytes` at 3/8 and 6/8 with the AVX2 inverse DCTs and with libjpeg's throughout: the
/// outcomes (status, warnings and their message, pixels) must be identical, damaged data and
/// coefficients past the kernels' bounds included.
func sameAsLibjpegIDCT(_ bytes: [UInt8]) {
    var header = gr_jpeg_header()
    guard gr_jpeg_read_header(bytes, bytes.count, &header) == GR_JPEG_OK,
        UInt64(header.width) * UInt64(header.height) <= 4_000_000
    else { return }
    for eighths in [3, 6] {
        let count = Int((header.width * UInt32(eighths) + 7) / 8) * Int((header.height * UInt32(eighths) + 7) / 8) * 4
        var outcomes: [(gr_jpeg_status, UInt32, [UInt8], String)] = []
        for plain in [0, 1] as [Int32] {
            var options = gr_jpeg_options()
            (options.max_pixels, options.max_side, options.max_scans) = (4_000_000, 8192, 100)
            options.scale_eighths = UInt32(eighths)
            options.plain_idct = plain
            var pixels = [UInt8](repeating: 0, count: count)
            var image = gr_jpeg_image()
            let status = pixels.withUnsafeMutableBufferPointer {
                gr_jpeg_decode(bytes, bytes.count, &options, $0.baseAddress, $0.count, &image)
            }
            outcomes.append((status, image.warnings, pixels, FixedCString.string(image.message)))
        }
        let (fast, plain) = (outcomes[0], outcomes[1])
        if fast.0 != plain.0 || fast.1 != plain.1 || fast.2 != plain.2 || fast.3 != plain.3 {
            fatalError("the AVX2 inverse DCTs and libjpeg's differ at \(eighths)/8")
        }
    }
}
