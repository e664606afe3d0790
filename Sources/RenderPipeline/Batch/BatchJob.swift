/// Work for the batch renderer: named scenes, each with its frames and where they go.
public struct BatchJob: Sendable {
    public var name: String
    public var scene: Scene
    /// What the scene writes.
    public var output: Output

    /// Still frames, one file each, or an animation written as one file.
    public enum Output: Sendable {
        case stills([Frame])
        case animation(Animation, to: Frame)
    }

    /// The files written: each still's, or the animation's one.
    public var frames: [Frame] {
        switch output {
        case .stills(let frames): frames
        case .animation(_, let file): [file]
        }
    }

    /// The animation, for an animated scene.
    public var animation: Animation? {
        if case .animation(let animation, _) = output { animation } else { nil }
    }

    /// An animated scene's frames, written as one APNG to its only `Frame`'s output.
    public struct Animation: Sendable {
        public var plans: [FramePlan]
        public var fps: Int
        public var loops: Int
        /// The scene the first frame's photos are decoded for, when not the job's (`MotionRenderer`).
        public var firstFrameScene: Scene?

        public init(plans: [FramePlan], fps: Int, loops: Int, firstFrameScene: Scene? = nil) {
            self.plans = plans
            self.fps = fps
            self.loops = loops
            self.firstFrameScene = firstFrameScene
        }

        /// The renderer of these frames in a job of `scene`, `jobs` at once.
        func renderer(in scene: Scene, jobs: Int) -> MotionRenderer {
            MotionRenderer(scene: scene, jobs: jobs, firstFrameScene: firstFrameScene)
        }
    }

    /// One frame: the offset asked for and the output path (`-` for standard output).
    public struct Frame: Sendable, Hashable {
        public var offset: Double
        public var output: String

        public init(offset: Double, output: String) {
            self.offset = offset
            self.output = output
        }
    }

    public init(name: String, scene: Scene, output: Output) {
        self.name = name
        self.scene = scene
        self.output = output
    }
}
