import CJPEG
import GalleryCore
import ImageCodecs

/// libFuzzer entry: any bytes through EXIF parsing and the JPEG decoder, at a DCT scale (the first
/// byte picks the target box), under a small budget. Differential too: a region decode (the second
/// and third bytes pick it) must give exactly the whole decode's pixels there, and the AVX2 inverse
/// DCTs, the Huffman decoder and resumptions must give libjpeg's own outcome (`sameBothWays`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    sameBothWays(bytes)
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

/// Decodes `bytes` two ways and requires identical outcomes (status, warnings and their message,
/// pixels), damaged data and coefficients past the kernels' bounds included: at 3/8 and 6/8 with the
/// AVX2 inverse DCTs and with libjpeg's throughout; at 1/8, 3/8 and 8/8, whole and its top rows (as
/// many as the second byte picks) and some of its columns (from where the fourth byte picks), with
/// gr_jpeg_huffman.c's Huffman decoder and with libjpeg's; and the rows below a point the third byte
/// picks, at 1/8, 3/8 and 8/8, through a resumption and with libjpeg decoding the rows above them.
func sameBothWays(_ bytes: [UInt8]) {
    var header = gr_jpeg_header()
    guard gr_jpeg_read_header(bytes, bytes.count, &header) == GR_JPEG_OK,
        UInt64(header.width) * UInt64(header.height) <= 4_000_000
    else { return }
    for eighths in [3, 6] {
        expectSame(bytes, eighths: eighths, below: nil, "the AVX2 inverse DCTs and libjpeg's") { $0.plain_idct = 1 }
    }
    let share = UInt32(bytes.count > 1 ? bytes[1] : 0), column = UInt32(bytes.count > 3 ? bytes[3] : 0)
    for eighths in [1, 3, 8] as [UInt32] {
        let (width, height) = ((header.width * eighths + 7) / 8, (header.height * eighths + 7) / 8)
        // The whole image, its top rows (a decode that stops above the scan's end), and some columns
        // (blocks outside libjpeg's crop are dropped).
        let x = (width - 1) * column / 256
        for (rows, columns) in [(nil, nil), (1 + (height - 1) * share / 256, nil), (nil, (x, 1 + (width - 1 - x) / 2))]
        {
            expectSame(
                bytes, eighths: Int(eighths), below: nil, rows: rows, columns: columns,
                "gr_jpeg_huffman.c's decoder and libjpeg's"
            ) {
                $0.plain_entropy = 1
            }
        }
    }
    let fraction = UInt32(bytes.count > 2 ? bytes[2] : 0)
    for eighths in [1, 3, 8] as [UInt32] {
        let height = (header.height * eighths + 7) / 8
        expectSame(
            bytes, eighths: Int(eighths), below: height - 1 - (height - 1) * fraction / 256,
            "a resumption and libjpeg's skipping"
        ) { $0.plain_skip = 1 }
    }
}

/// One decode as is and one with `plain` set on its options, of all rows or those from `below` on
/// (`rows` of them, or to the end), and of all columns or `columns` (first, count).
func expectSame(
    _ bytes: [UInt8], eighths: Int, below: UInt32?, rows: UInt32? = nil, columns: (UInt32, UInt32)? = nil,
    _ what: String,
    plain: (inout gr_jpeg_options) -> Void
) {
    var header = gr_jpeg_header()
    guard gr_jpeg_read_header(bytes, bytes.count, &header) == GR_JPEG_OK else { return }
    let width = (header.width * UInt32(eighths) + 7) / 8, height = (header.height * UInt32(eighths) + 7) / 8
    let top = below ?? 0
    var outcomes: [(gr_jpeg_status, UInt32, [UInt8], String)] = []
    for variant in 0..<2 {
        var options = gr_jpeg_options()
        (options.max_pixels, options.max_side, options.max_scans) = (4_000_000, 8192, 100)
        options.max_scan_blocks = 10_000_000
        options.scale_eighths = UInt32(eighths)
        (options.region_x, options.region_y, options.region_width, options.region_height) = (
            columns?.0 ?? 0, top, columns?.1 ?? width, min(rows ?? height, height - top)
        )
        if variant == 1 { plain(&options) }
        var pixels = [UInt8](repeating: 0, count: Int(options.region_width) * Int(options.region_height) * 4)
        var image = gr_jpeg_image()
        let status = pixels.withUnsafeMutableBufferPointer {
            gr_jpeg_decode(bytes, bytes.count, &options, $0.baseAddress, $0.count, &image)
        }
        outcomes.append((status, image.warnings, pixels, FixedCString.string(image.message)))
    }
    let (first, second) = (outcomes[0], outcomes[1])
    if first.0 != second.0 || first.1 != second.1 || first.2 != second.2 || first.3 != second.3 {
        fatalError("\(what) differ at \(eighths)/8")
    }
}
