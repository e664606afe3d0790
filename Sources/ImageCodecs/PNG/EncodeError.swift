/// Why an image could not be encoded as PNG, from the CPNG shim's status.
public enum EncodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The shim could not allocate its buffers.
    case outOfMemory
    /// The shim refused the image (a size it cannot write); `message` is its own.
    case refused(message: String)

    public var description: String {
        switch self {
        case .outOfMemory: "cannot encode PNG: out of memory"
        case .refused(let message): "cannot encode PNG: \(message)"
        }
    }
}
