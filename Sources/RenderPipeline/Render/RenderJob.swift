import GalleryLayout

/// One scene's work for the `Renderer`: its frames, the scene each decodes its photos for, and
/// where they go. `render`, `animate`, `batch`, `check` and the library's `Snapshot` each make jobs
/// and pick an output; the renderer does the rest the same way for all of them.
public struct RenderJob: Sendable {
    public var name: String
    public var scene: Scene
    public var frames: Frames
    public var output: Output
    /// The scene's resolved options as text, when its frames may come from the frame cache and go
    /// into it (`FrameKey`); nil: always rendered.
    public var cacheIdentity: String?

    /// What the frames are.
    public enum Frames: Sendable {
        /// Stills at these offsets, planned when the job runs: a layout error fails this job alone.
        case offsets([Double])
        /// A motion's frames, planned (`MotionPlan`), asked for from `offset`.
        case motion(MotionPlan, from: Double)
    }

    /// Where the frames go.
    public enum Output: Sendable {
        /// A PNG per frame at these paths (`-`: standard output), each written atomically as it comes;
        /// a frame that fails does not stop the others.
        case stills([String])
        /// Every frame in one animation at this path (`-`: standard output), in place whole or not at
        /// all; the first failure stops the job.
        case animation(String, AnimationFile)
        /// Every frame kept, in order, in the scene's record (`RenderReport.SceneRecord.images`).
        case memory

        /// The paths the frames are written to (`-` for standard output; none kept in memory).
        public var paths: [String] {
            switch self {
            case .stills(let paths): paths
            case .animation(let path, _): [path]
            case .memory: []
            }
        }
    }

    /// An animation's file: its format and timing.
    public struct AnimationFile: Sendable, Hashable {
        public enum Format: Sendable, Hashable {
            case apng
            /// Lossless, or lossy at `quality` (0…100).
            case webp(quality: Int?)
        }

        public var format: Format
        public var fps: Int
        public var loops: Int

        public init(format: Format, fps: Int, loops: Int) {
            self.format = format
            self.fps = fps
            self.loops = loops
        }
    }

    public init(name: String, scene: Scene, frames: Frames, output: Output) {
        self.name = name
        self.scene = scene
        self.frames = frames
        self.output = output
    }

    /// Frames to render.
    public var frameCount: Int {
        switch frames {
        case .offsets(let offsets): offsets.count
        case .motion(let plan, _): plan.plans.count
        }
    }

    /// The files written: a still's path with its offset, or the animation's with the motion's start.
    public var files: [(path: String, offset: Double)] {
        switch (output, frames) {
        case (.stills(let paths), .offsets(let offsets)): Array(zip(paths, offsets))
        case (.stills(let paths), .motion(let plan, _)):
            zip(paths, plan.plans).map { ($0, $1.layout.offset) }
        case (.animation(let path, _), .motion(_, let offset)): [(path, offset)]
        case (.animation(let path, _), .offsets(let offsets)): [(path, offsets.first ?? 0)]
        case (.memory, _): []
        }
    }

    /// The scene frame `index` decodes its photos for.
    func decodeScene(ofFrame index: Int) -> Scene {
        guard case .motion(let plan, _) = frames, index == 0 else { return scene }
        return plan.firstFrameScene ?? scene
    }

    /// The frames' plans; a layout error of a still.
    func plans() throws(LayoutError) -> [FramePlan] {
        switch frames {
        case .motion(let plan, _): return plan.plans
        case .offsets(let offsets):
            var plans: [FramePlan] = []
            for offset in offsets { plans.append(try FramePlan(scene: scene, offset: offset)) }
            return plans
        }
    }
}
