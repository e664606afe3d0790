import GalleryCore

/// Where a motion's frames go, one at a time and in order, and how the output is put in place: an
/// APNG streamed to a file or into memory (`APNGSink`), an animated WebP (`WebPSink`), or a PNG per
/// frame (`PNGFramesSink`). `animate`, `batch` (and so `check`) and the library's `Snapshot` write
/// every animation through one of them: encoding a frame, writing it and tagging its colour space
/// happen in one place.
public protocol FrameSink {
    /// Takes frame `index` (0, 1, … in order).
    mutating func append(_ frame: RGBAImage, index: Int) throws(FrameSinkError)
    /// Puts the output in place, after the last frame; nothing is in place before.
    mutating func finish() throws(FrameSinkError)
}
