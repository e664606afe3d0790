import ImageCodecs

/// A photo that could not be decoded (drawn as a placeholder), or decoded with a warning.
public struct PhotoProblem: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var kind: Kind

    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    public enum Kind: Sendable, Hashable {
        /// The photo could not be decoded at all.
        case error(DecodeError)
        /// The codec recovered (libjpeg's own words, e.g. a truncated file).
        case warning(String)
    }

    /// The file at `path`, named like a photo, is no image by its contents.
    public static func notAnImage(_ path: String) -> PhotoProblem {
        PhotoProblem(path: path, kind: .error(.unrecognizedFormat))
    }

    /// True when the photo could not be decoded at all; false for a recovered warning.
    public var isError: Bool {
        if case .error = kind { return true }
        return false
    }

    public var message: String {
        switch kind {
        case .error(let error): error.description
        case .warning(let text): text
        }
    }

    public var description: String { "\(path): \(message)" }

    /// `problems` in the order messages and reports list them: by path in the order folders list
    /// photos (`2.jpg` before `10.jpg`), then by message.
    public static func sorted(_ problems: [PhotoProblem]) -> [PhotoProblem] {
        NaturalOrder.sorted(problems, by: \.description)
    }
}
