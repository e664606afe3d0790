import GalleryCLI

/// libFuzzer entry: any bytes as a command line (arguments split at NUL bytes) to `layout`, which
/// parses and checks every scene option and prints JSON without touching pixels. Whatever the
/// arguments, the command must end with one of the contract's exit codes, never crash or hang.
/// `make fuzz` runs it with `-close_fd_mask=3`, so the command's output does not flood the log.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOptions(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let arguments = UnsafeBufferPointer(start: data, count: min(size, 4096)).split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    // --count bounds the work (no photos are read), --offsets is capped by its own frame limit.
    let code = GalleryCommand.main(arguments: ["layout", "--count", "3"] + arguments.prefix(64))
    guard [0, 1, 64].contains(code) else { fatalError("layout exited \(code)") }
    return 0
}
