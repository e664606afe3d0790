/// Why a photo's colour profile could not be used: the photo is then taken as sRGB, with a warning.
struct ColorFailure: Error, Sendable, Hashable {
    let reason: String
}
