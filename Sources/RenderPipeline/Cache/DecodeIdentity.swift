import ImageCodecs

/// What a decode's pixels depend on: two keys with the same identity share one decode.
struct DecodeIdentity: Hashable, Sendable {
    let source: PhotoSource
    /// The DCT scale in eighths; nil for a decode that will fail (same bytes, same failure).
    let scaleEighths: Int?
}
