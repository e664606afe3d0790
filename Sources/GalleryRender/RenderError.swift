import GalleryCore
import GalleryLayout
import ImageCodecs
import RenderPipeline
import VisualDiff

/// Why a snapshot could not be rendered or compared, with the data to say so.
public enum RenderError: Error, Sendable, CustomStringConvertible {
    /// A layout parameter or offset is invalid.
    case layout(LayoutError)
    /// A motion could not be planned (a bad deleted item, a layout that does not fit, too many frames).
    case motion(MotionError)
    /// Under `strict`, photos that could not be read cleanly; nothing was rendered.
    case unreadablePhotos([PhotoProblem])
    /// An image given to compare could not be decoded.
    case unreadableImage(DiffSide, DecodeError)
    case memory(OutOfMemory)
    case encode(EncodeError)
    /// A frame's shadows would paint more pixels than a frame may (`ShadowWork`).
    case shadows(ShadowWork)

    public var description: String {
        switch self {
        case .layout(let error): "\(error)"
        case .motion(let error): error.description
        case .unreadablePhotos(let problems): problems.map(\.description).joined(separator: "; ")
        case .unreadableImage(let side, let error): "the \(side) image: \(error)"
        case .memory(let error): "\(error)"
        case .encode(let error): error.description
        case .shadows(let work):
            "the shadows would paint \(work.pixels) pixels, more than the \(work.limit) a frame may (64 times its pixels, at least 2^24)"
        }
    }
}
