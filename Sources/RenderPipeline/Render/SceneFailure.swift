import GalleryCore
import GalleryLayout
import ImageCodecs

/// Why a scene of a batch produced no frames, or not all of them. Text only at the CLI boundary.
public enum SceneFailure: Error, Sendable, CustomStringConvertible {
    /// Its photos could not be listed (a missing folder, no photos).
    case photos(PhotoListing.ListingError)
    /// A frame could not be laid out.
    case layout(LayoutError)
    /// Under strict, photos that could not be read cleanly; nothing of the scene was written.
    case unreadablePhotos([PhotoProblem])
    /// The memory to render the frame for `output`, or to decode its `photo`, could not be had.
    case memory(output: String, photo: String? = nil, OutOfMemory)
    /// A frame for `output` could not be encoded.
    case encode(output: String, EncodeError)
    /// A frame could not be written.
    case write(FileError)

    public var description: String {
        switch self {
        case .photos(let error): error.description
        case .layout(let error): "layout: \(error)"
        case .unreadablePhotos(let problems): problems.map(\.description).joined(separator: "; ")
        case .memory(let output, let photo, let error): "\(output): \(photo.map { "decoding \($0): " } ?? "")\(error)"
        case .encode(let output, let error): "\(output): \(error)"
        case .write(let error): error.description
        }
    }
}
