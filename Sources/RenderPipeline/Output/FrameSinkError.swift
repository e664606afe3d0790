import GalleryCore
import ImageCodecs

/// Why a frame sink failed: a frame could not be encoded, or the output not written.
public enum FrameSinkError: Error, Sendable, CustomStringConvertible {
    case encode(EncodeError)
    case write(FileError)

    public var description: String {
        switch self {
        case .encode(let error): error.description
        case .write(let error): error.description
        }
    }
}
