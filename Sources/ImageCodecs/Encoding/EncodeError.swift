/// Why an image could not be encoded, from a shim's status.
public enum EncodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The shim could not allocate its buffers.
    case outOfMemory
    /// The shim refused the image (a size it cannot write); `message` is its own.
    case refused(message: String)
    /// libwebp refused the animation or a frame; `message` is its own.
    case webpRefused(message: String)

    public var description: String {
        switch self {
        case .outOfMemory: "cannot encode the image: out of memory"
        case .refused(let message): "cannot encode PNG: \(message)"
        case .webpRefused(let message): "cannot encode WebP: \(message)"
        }
    }
}
