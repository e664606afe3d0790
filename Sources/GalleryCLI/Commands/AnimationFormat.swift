/// What an animation is written as, from the output's extension.
enum AnimationFormat: Sendable, Equatable {
    /// An APNG: `.png`, and any output without a known suffix (standard output, a device, a FIFO).
    case png
    /// A lossless animated WebP (`.webp`).
    case webp

    /// The format `path` asks for.
    init(path: String) {
        self = path.lowercased().hasSuffix(".webp") ? .webp : .png
    }
}
