import GalleryCore
import ImageCodecs

/// One PNG per frame, each written atomically as it comes, at the path `path(index)` names, tagged
/// with the frames' colour space.
public struct PNGFramesSink: FrameSink {
    private let path: @Sendable (Int) -> String
    private let colorSpace: ColorSpace

    public init(colorSpace: ColorSpace, path: @escaping @Sendable (Int) -> String) {
        self.path = path
        self.colorSpace = colorSpace
    }

    public mutating func append(_ frame: RGBAImage, index: Int) throws(FrameSinkError) {
        let png: [UInt8]
        do { png = try PNGEncoder.encode(frame, colorSpace: colorSpace) } catch { throw .encode(error) }
        do { try AtomicFile.write(png, to: path(index)) } catch { throw .write(error) }
    }

    public mutating func finish() throws(FrameSinkError) {}
}
