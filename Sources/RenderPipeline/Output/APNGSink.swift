import GalleryCore
import ImageCodecs

/// An APNG, its frames encoded `jobs` at a time (the bytes are the same whatever `jobs` is) and
/// handed on as they are: to a file's temporary (an animation of any length needs the memory of a
/// few frames, and the file appears whole or not at all), or into `bytes`.
public struct APNGSink: FrameSink {
    private var writer: APNGWriter
    private let jobs: Int
    private var waiting: [RGBAImage] = []
    private let file: AtomicFileStream?
    /// The whole APNG, when it is made in memory, once `finish()` returned.
    public private(set) var bytes: [UInt8] = []

    /// An APNG of `frameCount` frames to `path` (`-`: standard output), or into `bytes` when `path`
    /// is nil. The file's temporary is made now, so an output that cannot be written fails first.
    public init(
        to path: String?, fps: Int, loops: Int, alpha: Bool, frameCount: Int, colorSpace: ColorSpace, jobs: Int
    ) throws(FrameSinkError) {
        writer = APNGWriter(fps: fps, loops: loops, alpha: alpha, frameCount: frameCount, colorSpace: colorSpace)
        self.jobs = max(1, jobs)
        do { file = try path.map { path throws(FileError) in try AtomicFileStream(path: path) } } catch {
            throw .write(error)
        }
    }

    public mutating func append(_ frame: RGBAImage, index: Int) throws(FrameSinkError) {
        waiting.append(frame)
        if waiting.count == jobs { try flush() }
    }

    public mutating func finish() throws(FrameSinkError) {
        try flush()
        do { try file?.commit() } catch { throw .write(error) }
    }

    /// Encodes the frames waiting, at once, and hands their bytes on.
    private mutating func flush() throws(FrameSinkError) {
        guard !waiting.isEmpty else { return }
        // On any failure the file's temporary goes with the sink (AtomicFileStream discards it).
        do { try writer.append(contentsOf: waiting, jobs: jobs) } catch { throw .encode(error) }
        waiting.removeAll()
        let pieces = writer.take()
        guard let file else {
            for piece in pieces { bytes += piece }
            return
        }
        do { try file.append(contentsOf: pieces) } catch { throw .write(error) }
    }
}
