import ImageCodecs

/// A photo file under a budget in a colour space, whatever box it is asked for: what its planned uses
/// are counted by.
struct PhotoSource: Hashable, Sendable {
    let path: String
    let budget: PixelBudget
    let colorSpace: ColorSpace

    init(_ key: PhotoKey) {
        path = key.path
        budget = key.budget
        colorSpace = key.colorSpace
    }
}
