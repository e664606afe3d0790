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
    /// The frame for `output` has shadows that would paint more than a frame may (`ShadowWork`).
    case shadows(output: String, ShadowWork)

    /// The failure with `prefix` (a scratch folder's, ending in "/") dropped from the output it names,
    /// so that `check` names a frame by its path among the baselines, not by its scratch file.
    public func naming(outputsWithout prefix: String) -> SceneFailure {
        func named(_ output: String) -> String {
            output.hasPrefix(prefix) ? String(output.dropFirst(prefix.count)) : output
        }
        switch self {
        case .memory(let output, let photo, let error): return .memory(output: named(output), photo: photo, error)
        case .encode(let output, let error): return .encode(output: named(output), error)
        case .shadows(let output, let work): return .shadows(output: named(output), work)
        case .photos, .layout, .unreadablePhotos, .write: return self
        }
    }

    public var description: String {
        switch self {
        case .photos(let error): error.description
        case .layout(let error): "layout: \(error)"
        case .unreadablePhotos(let problems): problems.map(\.description).joined(separator: "; ")
        case .memory(let output, let photo, let error): "\(output): \(photo.map { "decoding \($0): " } ?? "")\(error)"
        case .encode(let output, let error): "\(output): \(error)"
        case .write(let error): error.description
        case .shadows(let output, let work):
            "\(output): its shadows would paint \(work.pixels) pixels, more than the \(work.limit) a frame may (64 times its pixels, at least 2^24): lower --shadow-radius, or show fewer items"
        }
    }
}
