import GalleryLayout
import RenderPipeline

/// A motion as its options describe it (command line or manifest scene), parsed and checked once:
/// which motion, and how its frames are timed.
struct MotionDescription: Sendable {
    /// The motion asked for.
    enum Kind: Sendable, Equatable {
        case fling(velocity: Double, deceleration: DecelerationRate)
        case toLayout(LayoutKind)
        case delete(Int)
    }

    var kind: Kind
    var fps: Int

    /// True for --to-layout and --delete, which --duration times.
    var isTransition: Bool {
        if case .fling = kind { false } else { true }
    }
    /// T_end of a transition, in seconds (a fling's follows from its velocity: --duration is not read).
    var duration: Double
    /// Times the APNG plays (0: forever).
    var loops: Int

    /// The motion `source` asks for, or nil when it asks for none (a manifest's defaults may time
    /// still scenes too); throws the first problem, naming the option.
    init?(_ source: any OptionSource, scene description: SceneDescription) throws(UsageError) {
        let options = MotionOptions.declared, scenes = SceneOptions.declared
        let given = options.motions.filter { source.has($0.name) }
        guard let first = given.first else { return nil }
        if given.count > 1 {
            throw UsageError("Use one motion at a time: --\(first.name) and --\(given[1].name) were both given")
        }
        if description.isSequence {
            throw UsageError("--offsets cannot be used with --\(first.name): the motion gives the frames")
        }
        if let velocity = try source.read(options.fling) {
            if source.isSet(scenes.overscroll) {
                throw UsageError("--overscroll cannot be used with --fling: the fling bounces at the edges by itself")
            }
            if source.has(scenes.velocity) {
                throw UsageError(
                    "--velocity cannot be used with --fling: the fling's own velocity projects the snap target")
            }
            let given = try source.read(scenes.deceleration)
            let deceleration = description.snap?.deceleration ?? given ?? .normal
            kind = .fling(velocity: velocity, deceleration: deceleration)
        } else if let layout = try source.read(options.toLayout) {
            kind = .toLayout(layout)
        } else if let index = try source.read(options.delete) {
            kind = .delete(index)
        } else {
            return nil
        }
        fps = try source.read(options.fps)
        duration = try source.read(options.duration)
        loops = try source.read(options.loop)
    }

    /// The motion of `scene` from `offset`, and the scene each of its frames is drawn in. A fling
    /// starts at the offset clamped, `--snap` bending its end; a transition starts from the frame
    /// `render` shows there (clamped, and snapped with `--snap`).
    func motion(of scene: Scene, offset: Double) throws(UsageError) -> (Motion, frameScene: Scene) {
        var frameScene = scene
        frameScene.snap = nil
        let gallery = scene.gallery
        switch kind {
        case .fling(let velocity, let deceleration):
            let start = gallery.clamped(offset)
            let target = scene.snap.map { _ in gallery.snapped(start, velocity: velocity, deceleration: deceleration) }
            let fling = Fling(
                from: start, velocity: velocity, deceleration: deceleration, range: gallery.scrollableRange,
                target: target)
            frameScene.gallery.allowsOverscroll = true
            return (.fling(fling, gallery: frameScene.gallery), frameScene)
        case .toLayout(let layout):
            var end = gallery
            end.style = layout.defaultStyle
            end.allowsOverscroll = false
            do { try end.validate() } catch {
                throw UsageError("--to-layout \(layout.rawValue): its defaults do not fit the viewport (\(error))")
            }
            let transition = try Self.planned { () throws(LayoutError) in
                try LayoutTransition(from: gallery, frame: scene.layout(atOffset: offset), to: end, duration: duration)
            }
            frameScene.largestDrawnSide = end.largestItemSide
            return (.transition(transition, start: gallery, end: end), frameScene)
        case .delete(let index):
            let transition = try Self.planned { () throws(LayoutError) in
                try LayoutTransition(
                    deleting: index, from: gallery, frame: scene.layout(atOffset: offset), duration: duration)
            }
            var end = gallery
            end.itemCount -= 1
            return (.transition(transition, start: gallery, end: end), frameScene)
        }
    }

    /// `body`'s result, its layout error as a usage error naming the option at fault.
    private static func planned<T>(_ body: () throws(LayoutError) -> T) throws(UsageError) -> T {
        do { return try body() } catch {
            if case .noSuchItem(let index, _) = error {
                throw .invalidValue(String(index), for: MotionOptions.declared.delete.spec, error.reason)
            }
            throw UsageError("--offset: \(error.reason)")
        }
    }
}
