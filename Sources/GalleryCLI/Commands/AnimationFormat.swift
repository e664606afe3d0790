/// What an animation is written as, from the output's extension.
enum AnimationFormat: Sendable, Equatable {
    /// An APNG (`.png`, and standard output).
    case png
    /// A lossless animated WebP (`.webp`).
    case webp

    /// The format `path` asks for; throws for any other extension.
    init(path: String) throws(UsageError) {
        let lowered = path.lowercased()
        if path == "-" || lowered.hasSuffix(".png") {
            self = .png
        } else if lowered.hasSuffix(".webp") {
            self = .webp
        } else {
            throw UsageError(
                "The value '\(path)' is invalid for '--output <path>': an animation is written as an APNG (.png) or an animated WebP (.webp)"
            )
        }
    }
}
