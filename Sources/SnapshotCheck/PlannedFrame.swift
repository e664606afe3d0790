/// A frame a check expects: where its baseline is, relative to the baseline folder, and its scene.
public struct PlannedFrame: Sendable, Hashable {
    /// e.g. `scroll/0003.png`.
    public let path: String
    public let scene: String

    public init(path: String, scene: String) {
        self.path = path
        self.scene = scene
    }
}
