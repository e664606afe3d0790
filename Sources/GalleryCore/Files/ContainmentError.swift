/// Why a path from a folder a pull request controls was refused: it would reach outside the folder.
public struct ContainmentError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// The path starts with `/`.
        case absolute
        /// The path holds a `..` component.
        case parentReference
        /// The path is empty or only slashes.
        case empty
        /// A symlink on the way (this prefix of the path) leads outside the folder, or dangles midway.
        case leaves(through: String)
    }

    public let path: String
    public let root: String
    public let reason: Reason

    public init(path: String, root: String, reason: Reason) {
        self.path = path
        self.root = root
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .absolute: "\(path) is an absolute path, not a path inside \(root)"
        case .parentReference: "\(path) leaves \(root) through '..'"
        case .empty: "an empty path is no file inside \(root)"
        case .leaves(let link): "\(link) is a symlink leading outside \(root): not followed"
        }
    }
}
