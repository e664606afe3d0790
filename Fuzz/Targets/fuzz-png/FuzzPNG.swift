import ImageCodecs

/// libFuzzer entry: any bytes through the PNG decoder, under a budget small enough to keep each run fast.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    _ = try? PNGDecoder.decode(bytes, options: DecodeOptions(budget: PixelBudget(maxPixels: 4_000_000, maxSide: 8192)))
    return 0
}
