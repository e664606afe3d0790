/// Work for the batch renderer: named scenes, each with its frames and where they go.
public struct BatchJob: Sendable {
    public var name: String
    public var scene: Scene
    public var frames: [Frame]

    /// One frame: the offset asked for and the output path (`-` for standard output).
    public struct Frame: Sendable, Hashable {
        public var offset: Double
        public var output: String

        public init(offset: Double, output: String) {
            self.offset = offset
            self.output = output
        }
    }

    public init(name: String, scene: Scene, frames: [Frame]) {
        self.name = name
        self.scene = scene
        self.frames = frames
    }
}
