/// A frame a check expects: where its baseline is, relative to the baseline folder, its scene, and
/// its place among all the manifest's frames (every shard counted), by which reports list it.
public struct PlannedFrame: Sendable, Hashable {
    /// e.g. `scroll/offset-85.png`.
    public let path: String
    public let scene: String
    public let order: Int

    public init(path: String, scene: String, order: Int = 0) {
        self.path = path
        self.scene = scene
        self.order = order
    }
}
