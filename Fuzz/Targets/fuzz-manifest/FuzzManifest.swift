import GalleryCLI

/// libFuzzer entry: any bytes through the strict JSON reader that manifests are read with, then the
/// readers of what comes from other hands: a scene's `ignore` and `expect` (checked against a made-up
/// motion), and a previous run's results.json for `--shard-weights`. Each must answer with a value or
/// a reason, in bounded time and memory, whatever the bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    ManifestFuzzing.read(bytes)
    return 0
}
