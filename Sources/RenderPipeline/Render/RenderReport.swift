import GalleryCore

/// What a run of the `Renderer` did: every file written, every scene's outcome, and the decoding work.
public struct RenderReport: Sendable {
    public struct FrameRecord: Sendable {
        public var scene: String
        public var output: String
        /// The offset asked for, and the one rendered (after clamping and snapping).
        public var offset: Double
        public var renderedOffset: Double
        /// Time to render and encode the file's frames (a still's file is written on the writer's thread).
        public var seconds: Double
        /// Warnings about the photos this frame shows.
        public var warnings: [PhotoProblem]
        /// Copied from the frame cache, not rendered.
        public var cached = false
    }

    public struct SceneRecord: Sendable {
        public var name: String
        public var frameCount: Int
        /// Why the scene failed; empty when all its frames were written.
        public var failures: [SceneFailure]
        /// The frames, for a job whose output is `.memory`.
        public var images: [RGBAImage]

        public init(name: String, frameCount: Int, failures: [SceneFailure] = [], images: [RGBAImage] = []) {
            self.name = name
            self.frameCount = frameCount
            self.failures = failures
            self.images = images
        }

        public var failed: Bool { !failures.isEmpty }
    }

    public var frames: [FrameRecord] = []
    public var scenes: [SceneRecord] = []
    public var decodeCount = 0
    public var problems: [PhotoProblem] = []
    public var seconds = 0.0
    /// Files copied from the frame cache instead of rendered.
    public var cachedFrames: Int { frames.filter(\.cached).count }

    public var failedScenes: [SceneRecord] { scenes.filter(\.failed) }
}
