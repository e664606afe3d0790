import GalleryCore
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

    /// The file at `path`, named like a photo, left out of its folder's photos: why
    /// (`PhotoListing.whySkipped`), no image by its contents as a rule.
    public static func notAnImage(_ path: String) -> PhotoProblem {
        PhotoProblem(path: path, kind: .error(PhotoListing.whySkipped(path)))
    }

    /// True when the photo could not be decoded at all; false for a recovered warning.
    public var isError: Bool {
        if case .error = kind { return true }
        return false
    }

    /// True when the file is no image by its contents (rather than unreadable or damaged).
    public var isUnrecognized: Bool { kind == .error(.unrecognizedFormat) }

    /// The memory that could not be had when decoding failed for want of it (or of reading the file).
    public var outOfMemory: OutOfMemory? {
        switch kind {
        case .error(.outOfMemory(let bytes)): OutOfMemory(bytes: bytes ?? 0)
        case .error(.unreadable(let error)):
            if case .outOfMemory(let bytes) = error.cause { OutOfMemory(bytes: bytes) } else { nil }
        default: nil
        }
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
