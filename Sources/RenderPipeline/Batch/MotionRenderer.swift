import GalleryCore
import GalleryLayout
import ImageCodecs
import Raster

/// Renders the frames of a motion, in order, from planned offsets: all frames are planned first, so
/// each photo is decoded once for the whole animation (for the largest size any frame needs), then
/// up to `jobs` frames render at once and are handed on in order.
public struct MotionRenderer: Sendable {
    public var scene: Scene
    public var jobs: Int
    /// The scene the first frame's photos are decoded for, when not `scene`: a transition to larger
    /// items decodes for them, but its first frame is drawn exactly as `render` draws the start.
    public var firstFrameScene: Scene?
    /// Photos given as pixels, by the paths the scene names them with (`PhotoCache`'s `given`).
    public var given: [String: DecodedImage]

    public init(scene: Scene, jobs: Int, firstFrameScene: Scene? = nil, given: [String: DecodedImage] = [:]) {
        self.scene = scene
        self.jobs = max(1, jobs)
        self.firstFrameScene = firstFrameScene
        self.given = given
    }

    /// The scene frame `index`'s photos are decoded for.
    func decodeScene(ofFrame index: Int) -> Scene { index == 0 ? firstFrameScene ?? scene : scene }

    /// Under `strict`, the photos that could not be read cleanly: nothing was rendered.
    public struct UnreadablePhotos: Error, Sendable {
        public let problems: [PhotoProblem]
    }

    /// Renders a frame at each of `offsets` (used as given: the scene decides clamping): `run(plans:)`
    /// of their plans. Throws layout errors before anything renders.
    public func run(
        offsets: [Double], strict: Bool = false, onProblem: @escaping @Sendable (PhotoProblem) -> Void = { _ in },
        frame: (Int, RGBAImage) throws -> Void
    ) throws -> [PhotoProblem] {
        var planned: [FramePlan] = []
        for offset in offsets { planned.append(try FramePlan(scene: scene, offset: offset)) }
        return try run(plans: planned, strict: strict, onProblem: onProblem, frame: frame)
    }

    /// Renders the frames `plans` and calls `frame` with each, in order. `onProblem` hears each
    /// photo problem once, frame by frame (ProblemAnnouncer: the same order whatever the timing);
    /// under `strict` every photo is read first and any problem throws `UnreadablePhotos` (sorted)
    /// before a frame renders. Throws what `frame` throws, and `OutOfMemory`; returns the problems, sorted.
    public func run(
        plans: [FramePlan], strict: Bool = false, onProblem: @escaping @Sendable (PhotoProblem) -> Void = { _ in },
        frame: (Int, RGBAImage) throws -> Void
    ) throws -> [PhotoProblem] {
        let cache = PhotoCache(
            plans: plans.enumerated().map { ($1, decodeScene(ofFrame: $0)) }, given: given, jobs: jobs)
        let announcer = ProblemAnnouncer(onProblem)
        if strict {
            let keys = Set(
                plans.enumerated().flatMap { index, plan in
                    plan.items.compactMap { $0.photo.map(decodeScene(ofFrame: index).photoKey) }
                })
            _ = Parallel.map(keys.sorted { $0.path < $1.path }, jobs: jobs) { key in
                _ = cache.acquire(key)
                cache.release(key, consumingUse: false)
            }
            if !cache.problems.isEmpty { throw UnreadablePhotos(problems: PhotoProblem.sorted(cache.problems)) }
        }
        let problems = Locked<[Int: [PhotoProblem]]>([:])
        for start in stride(from: 0, to: plans.count, by: jobs) {
            let chunk = Array(start..<min(start + jobs, plans.count))
            let images = render(chunk, of: plans, cache: cache, problems: problems)
            for index in chunk { announcer.announce(problems.withLock { $0[index] ?? [] }, frame: index) }
            for (index, image) in zip(chunk, images) { try frame(index, try image.get()) }
        }
        return PhotoProblem.sorted(cache.problems)
    }

    /// Frames `chunk` of `plans`, rendered side by side (`jobs` at once) with photos from `cache`,
    /// each released after its frame; `problems` hears, by frame, the problems of the photos each frame shows.
    func render(
        _ chunk: [Int], of plans: [FramePlan], cache: PhotoCache, problems: Locked<[Int: [PhotoProblem]]>? = nil
    ) -> [Result<RGBAImage, OutOfMemory>] {
        let renderer = FrameRenderer(scene: scene)
        let motion = self
        return Parallel.map(chunk, jobs: jobs) { index -> Result<RGBAImage, OutOfMemory> in
            let used = UsedPhotos()
            defer {
                for key in used.keys { cache.release(key) }
                problems?.withLock { $0[index] = used.problems }
            }
            return Result { () throws(OutOfMemory) in
                try renderer.render(plans[index], jobs: 1) { path in
                    let key = motion.decodeScene(ofFrame: index).photoKey(path)
                    let result = cache.acquire(key)
                    used.record(key, result)
                    return (try? result.get()).map(PhotoPart.init)
                }
            }
        }
    }
}
