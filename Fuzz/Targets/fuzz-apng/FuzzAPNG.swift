import GalleryCore
import ImageCodecs

/// libFuzzer entry: any bytes through the APNG reader, every frame decoded, under a small budget.
/// And the same bytes as the pixels of a few frames through the APNG writer: the reader must give
/// exactly those frames back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    if var reader = try? APNGFrames(bytes, budget: PixelBudget(maxPixels: 1_000_000, maxSide: 4096)) {
        var shown = 0
        while shown < 64, let frame = try? reader.next() {
            _ = frame
            shown += 1
        }
    }
    roundTrip(bytes)
    return 0
}

/// Byte 0 gives the width (1…16), byte 1 the frame count (1…4); the rest, repeated as needed, the
/// RGBA pixels of 8-row frames.
private func roundTrip(_ bytes: [UInt8]) {
    guard bytes.count > 2 else { return }
    let width = Int(bytes[0] % 16) + 1, count = Int(bytes[1] % 4) + 1
    let body = Array(bytes[2...])
    let frameBytes = width * 8 * 4
    let frames = (0..<count).map { k in
        RGBAImage(
            width: width, height: 8, pixels: (0..<frameBytes).map { body[(k * frameBytes + $0) % body.count] })
    }
    // Taken frame by frame, as animate streams them to the file.
    var writer = APNGWriter(fps: 30, alpha: true, frameCount: frames.count)
    var file: [UInt8] = []
    for frame in frames {
        guard (try? writer.append(frame)) != nil else { fatalError("the APNG writer refused a frame") }
        for part in writer.take() { file += part }
    }
    guard var reader = try? APNGFrames(file) else { fatalError("the APNG reader refused the writer's file") }
    for frame in frames {
        guard let read = try? reader.next(), read == frame else { fatalError("a frame does not read back") }
    }
}
