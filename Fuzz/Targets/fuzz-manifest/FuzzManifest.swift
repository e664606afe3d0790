import GalleryCLI

/// libFuzzer entry: any bytes through the strict JSON reader that manifests are read with. It must
/// answer with a value or a located reason, in bounded time and memory, whatever the bytes; a value
/// it gives must print back (as a manifest value's text) without a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    if let value = try? StrictJSON.parse(bytes) { _ = value.optionText }
    return 0
}
