import ImageCodecs

/// libFuzzer entry: any bytes through the PNG decoder, under a budget small enough to keep each run fast.
/// Differential too: whatever the fast reader accepts, libpng must accept with the same pixels.
/// And the same bytes as pixels through the run encoder: libpng must read them back unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    let options = DecodeOptions(budget: PixelBudget(maxPixels: 4_000_000, maxSide: 8192))
    let automatic = try? PNGDecoder.decode(bytes, options: options)
    if let fast = try? PNGDecoder.decode(bytes, options: options, reader: .fast) {
        let reference = try? PNGDecoder.decode(bytes, options: options, reader: .libpng)
        if reference?.image != fast.image || automatic?.image != fast.image {
            fatalError("the fast reader disagrees with libpng")
        }
    }
    roundTrip(bytes)
    return 0
}

/// The bytes as RGBA pixels, rows as wide as the first byte says (1…256), through the run encoder.
private func roundTrip(_ bytes: [UInt8]) {
    let width = Int(bytes.first ?? 0) + 1, height = bytes.count / (width * 4)
    guard height > 0 else { return }
    let image = RGBAImage(width: width, height: height, pixels: Array(bytes.prefix(width * height * 4)))
    guard let png = try? PNGEncoder.encode(image, jobs: 2),
        let back = try? PNGDecoder.decode(png, reader: .libpng), back.image == image
    else { fatalError("the run encoder's PNG does not read back") }
}
