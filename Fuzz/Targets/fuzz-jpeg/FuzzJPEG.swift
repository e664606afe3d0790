import ImageCodecs

/// libFuzzer entry: any bytes through EXIF parsing and the JPEG decoder, at full size and at a DCT
/// scale (the first byte picks the target box), under a small budget.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    _ = EXIFReader.orientation(ofJPEG: bytes)
    let budget = PixelBudget(maxPixels: 4_000_000, maxSide: 8192, maxScans: 100)
    let side = Int(bytes.first ?? 0) + 1
    _ = try? JPEGDecoder.decode(bytes, options: DecodeOptions(budget: budget, targetSize: PixelSize(width: side, height: side)))
    return 0
}
