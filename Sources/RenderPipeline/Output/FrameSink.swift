import GalleryCore

/// Where a job's frames go, one at a time and in order, and how the output is put in place: an APNG
/// streamed to a file (`APNGSink`), an animated WebP (`WebPSink`), or memory (`MemorySink`); a PNG
/// per frame takes them in any order (`StillsSink`). The `Renderer` hands every job's frames to one
/// of them: encoding a frame, writing it and tagging its colour space happen in one place.
public protocol FrameSink {
    /// Takes frame `index` (0, 1, … in order, less the frames skipped).
    mutating func append(_ frame: RGBAImage, index: Int) throws(FrameSinkError)
    /// Puts the output in place, after the last frame; nothing is in place before.
    mutating func finish() throws(FrameSinkError)
}

/// Every frame kept, in order.
public struct MemorySink: FrameSink {
    public private(set) var images: [RGBAImage] = []

    public init() {}

    public mutating func append(_ frame: RGBAImage, index: Int) throws(FrameSinkError) { images.append(frame) }
    public mutating func finish() throws(FrameSinkError) {}
}
