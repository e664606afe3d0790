import GalleryCore

/// Where a job's frames go, one at a time and in order, and how the output is put in place: a PNG
/// per frame (`StillsSink`), an APNG streamed to a file (`APNGSink`), an animated WebP (`WebPSink`),
/// or memory (`MemorySink`). The `Renderer` hands every job's frames to one of them: encoding a
/// frame, writing it and tagging its colour space happen in one place.
public protocol FrameSink {
    /// Takes frame `index` (0, 1, … in order, less the frames skipped).
    mutating func append(_ frame: RGBAImage, index: Int) throws(FrameSinkError)
    /// Frame `index` could not be rendered: true when the sink goes on without it (each frame its
    /// own file), false when its output cannot be made.
    mutating func skip(index: Int) -> Bool
    /// Puts the output in place, after the last frame; nothing is in place before.
    mutating func finish() throws(FrameSinkError)
}

extension FrameSink {
    public mutating func skip(index: Int) -> Bool { false }
}

/// Every frame kept, in order.
public struct MemorySink: FrameSink {
    public private(set) var images: [RGBAImage] = []

    public init() {}

    public mutating func append(_ frame: RGBAImage, index: Int) throws(FrameSinkError) { images.append(frame) }
    public mutating func finish() throws(FrameSinkError) {}
}
