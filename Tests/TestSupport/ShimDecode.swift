import CJPEG
import ImageCodecs

/// One decode through the CJPEG shim, for tests that decode a JPEG two ways and compare the outcomes.
public struct ShimDecode {
    public var status: gr_jpeg_status
    public var warnings: UInt32
    public var message: String
    public var pixels: [UInt8]
    /// What the AVX2 inverse DCTs did.
    public var idct: gr_jpeg_idct_counts
    /// Where the first row read began in its byte (0…7) if a resumption skipped the rows above it.
    public var resumedAtBit: Int?
    public var resumed: Bool { resumedAtBit != nil }
    /// Whose Huffman decoder read the scan: 0 libjpeg's, 1 gr_jpeg_huffman.c's, 2 libjpeg's after it gave up.
    public var entropy: Int = 0

    /// Decodes `bytes` at `eighths`/8, of `region` (x, y, width, height) or all of it, with the
    /// options `configure` sets on top of a generous budget.
    public static func run(
        _ bytes: [UInt8], eighths: Int, region: (Int, Int, Int, Int)? = nil,
        configure: (inout gr_jpeg_options) -> Void = { _ in }
    ) -> ShimDecode {
        var header = gr_jpeg_header()
        guard gr_jpeg_read_header(bytes, bytes.count, &header) == GR_JPEG_OK else {
            return ShimDecode(
                status: GR_JPEG_ERROR, warnings: 0, message: "", pixels: [], idct: gr_jpeg_idct_counts(),
                resumedAtBit: nil)
        }
        let width = (Int(header.width) * eighths + 7) / 8, height = (Int(header.height) * eighths + 7) / 8
        let (x, y, w, h) = region ?? (0, 0, width, height)
        var options = gr_jpeg_options()
        options.max_pixels = 1 << 32
        options.max_side = 1 << 16
        options.max_scans = 1000
        options.max_scan_blocks = 1 << 40
        options.scale_eighths = UInt32(eighths)
        if region != nil {
            (options.region_x, options.region_y) = (UInt32(x), UInt32(y))
            (options.region_width, options.region_height) = (UInt32(w), UInt32(h))
        }
        configure(&options)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        var image = gr_jpeg_image()
        let status = pixels.withUnsafeMutableBufferPointer { buffer in
            gr_jpeg_decode(bytes, bytes.count, &options, buffer.baseAddress, buffer.count, &image)
        }
        return ShimDecode(
            status: status, warnings: image.warnings, message: FixedCString.string(image.message), pixels: pixels,
            idct: image.idct, resumedAtBit: image.resumed > 0 ? Int(image.resumed) - 1 : nil,
            entropy: Int(image.entropy))
    }

    /// How this outcome differs from `other` (status, warnings, message, pixels); nil if it does not.
    public func difference(from other: ShimDecode) -> String? {
        if status != other.status || warnings != other.warnings {
            return "status \(status.rawValue) with \(warnings) warnings, against \(other.status.rawValue) with "
                + "\(other.warnings)"
        }
        if message != other.message { return "message \"\(message)\", against \"\(other.message)\"" }
        if pixels.count != other.pixels.count { return "\(pixels.count) bytes, against \(other.pixels.count)" }
        let differing = pixels.indices.filter { pixels[$0] != other.pixels[$0] }
        guard let first = differing.first else { return nil }
        return
            "\(differing.count) bytes differ, the first at \(first): \(pixels[first]), against \(other.pixels[first])"
    }
}
