import ImageCodecs

/// libFuzzer entry: any bytes through the PNG decoder, under a budget small enough to keep each run fast.
/// Differential too: whatever the libdeflate reader accepts, libpng must accept with the same pixels.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    let options = DecodeOptions(budget: PixelBudget(maxPixels: 4_000_000, maxSide: 8192))
    let automatic = try? PNGDecoder.decode(bytes, options: options)
    if let fast = try? PNGDecoder.decode(bytes, options: options, reader: .libdeflate) {
        let reference = try? PNGDecoder.decode(bytes, options: options, reader: .libpng)
        if reference?.image != fast.image || automatic?.image != fast.image {
            fatalError("the libdeflate reader disagrees with libpng")
        }
    }
    return 0
}
