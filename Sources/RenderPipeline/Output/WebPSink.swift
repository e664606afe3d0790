import GalleryCore
import ImageCodecs

/// An animated WebP at `path`, written atomically once every frame is in (libwebp's encoder holds the
/// animation until then), tagged with the frames' colour space.
public struct WebPSink: FrameSink {
    private let writer: WebPAnimationWriter
    private let path: String
    private let colorSpace: ColorSpace

    /// Lossless, or lossy at `quality` (0…100).
    public init(to path: String, size: PixelSize, fps: Int, loops: Int, quality: Int?, colorSpace: ColorSpace)
        throws(FrameSinkError)
    {
        do { writer = try WebPAnimationWriter(size: size, fps: fps, loops: loops, quality: quality) } catch {
            throw .encode(error)
        }
        self.path = path
        self.colorSpace = colorSpace
    }

    public mutating func append(_ frame: RGBAImage, index: Int) throws(FrameSinkError) {
        do { try writer.append(frame) } catch { throw .encode(error) }
    }

    public mutating func finish() throws(FrameSinkError) {
        let bytes: [UInt8]
        do { bytes = try writer.bytes(colorSpace: colorSpace) } catch { throw .encode(error) }
        do { try AtomicFile.write(bytes, to: path) } catch { throw .write(error) }
    }
}
