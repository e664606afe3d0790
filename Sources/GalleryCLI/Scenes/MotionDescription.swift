import GalleryLayout
import GalleryRender
import RenderPipeline

/// A motion as its options describe it (command line or manifest scene), parsed and checked once:
/// which motion, and how its frames are timed.
struct MotionDescription: Sendable {
    /// The motion asked for.
    enum Kind: Sendable, Equatable {
        case fling(velocity: Double, deceleration: DecelerationRate)
        case toLayout(LayoutKind)
        case delete(Int)
        case rotate
        case scrollTo(Int)
        case drag(distance: Double, duration: Double, velocity: Double?, deceleration: DecelerationRate)

        /// True for --to-layout, --delete and --rotate, which --duration times.
        var isTransition: Bool {
            switch self {
            case .fling, .scrollTo, .drag: false
            case .toLayout, .delete, .rotate: true
            }
        }
    }

    var kind: Kind
    var fps: Int
    /// T_end of a transition, in seconds (a fling's follows from its velocity: --duration is not read).
    var duration: Double
    /// Times the APNG plays (0: forever).
    var loops: Int

    /// True for --to-layout, --delete and --rotate, which --duration times.
    var isTransition: Bool { kind.isTransition }

    /// The deceleration of a fling or a drag's release (`motion`, as "fling" or "drag"): the snap's or
    /// `--deceleration`'s; throws for the options a scroll does without.
    private static func deceleration(
        for option: OptionSpec, _ motion: String, _ source: any OptionSource, _ description: SceneDescription
    ) throws(UsageError) -> DecelerationRate {
        let scenes = SceneOptions.declared
        if source.isSet(scenes.overscroll) {
            throw .conflicts(
                scenes.overscroll.spec, with: option, because: "the \(motion) bounces at the edges by itself")
        }
        if source.has(scenes.velocity) {
            throw .conflicts(
                scenes.velocity.spec, with: option, because: "the \(motion)'s own velocity projects the snap target")
        }
        if source.givenHere(scenes.deceleration.spec.name), let pace = ownPace(of: description) {
            // Paging is what refuses it, not the fling (found by review).
            let other = description.paging ? scenes.paging.spec : option
            throw .conflicts(scenes.deceleration.spec, with: other, because: "\(pace) paces the \(motion)")
        }
        // --deceleration has a default, so it always reads to a rate.
        let given = try source.read(scenes.deceleration)
        return description.snap?.deceleration ?? given
    }

    /// What paces a scroll whatever --deceleration says: the paging spring, or a compositional
    /// section's scrolling behaviour (UIKit's own rates: the normal one, or the fast one for group
    /// paging); nil where --deceleration does.
    private static func ownPace(of description: SceneDescription) -> String? {
        if description.paging { return "the paging spring" }
        // Found by review: ignored for a carousel, whose own rate is iCarousel's.
        if description.gallery.style.kind.carouselType != nil {
            return "iCarousel's --\(CarouselOptions.declared.decelerationRate.spec.name)"
        }
        guard case .compositional(let section) = description.gallery.style else { return nil }
        return "the compositional section's \(section.scrolling.rawValue) scrolling (UIKit's own rate)"
    }

    /// A fling at `velocity`.
    private static func fling(_ velocity: Double, _ source: any OptionSource, _ description: SceneDescription)
        throws(UsageError) -> Kind
    {
        .fling(
            velocity: velocity,
            deceleration: try deceleration(for: MotionOptions.declared.fling.spec, "fling", source, description))
    }

    /// A drag of `distance` points, timed by --drag-duration and lifting at --release (or its own speed).
    private static func drag(_ distance: Double, _ source: any OptionSource, _ description: SceneDescription)
        throws(UsageError) -> Kind
    {
        let options = MotionOptions.declared
        let (duration, release) = (try source.read(options.dragDuration), try source.read(options.release))
        // The finger lifts at the drag's own speed unless --release says: held to --release's range.
        let speed = distance / duration
        if release == nil, abs(speed) > 1e9 {
            throw .rule(
                "\(options.drag) \(distance.optionText) in \(options.dragDuration) \(duration.optionText) lifts at \(speed.optionText) pt/s, past the 1e9 pt/s a scroll may have: give \(options.release) or a longer \(options.dragDuration)"
            )
        }
        return .drag(
            distance: distance, duration: duration, velocity: release,
            deceleration: try deceleration(for: options.drag.spec, "drag", source, description))
    }

    /// Timing given for a scene itself with no motion would be ignored: said instead.
    private static func checkNoTiming(_ source: any OptionSource) throws(UsageError) {
        let options = MotionOptions.declared
        let timings = [options.fps.spec, options.duration.spec, options.loop.spec]
        guard let stray = timings.first(where: { source.givenHere($0.name) }) else { return }
        throw .rule(
            "\(stray) times a motion, and none is given: add \(options.fling), \(options.toLayout), \(options.delete), \(options.rotate), \(options.scrollTo) or \(options.drag), or drop it"
        )
    }

    /// The motion `source` asks for, or nil when it asks for none (a manifest's defaults may time
    /// still scenes too); throws the first problem, naming the option.
    init?(_ source: any OptionSource, scene description: SceneDescription) throws(UsageError) {
        let options = MotionOptions.declared, scenes = SceneOptions.declared
        // Read (so checked) whether or not a motion uses them: a manifest's defaults time every scene.
        let timing = (
            fps: try source.read(options.fps), duration: try source.read(options.duration),
            loops: try source.read(options.loop)
        )
        let given = options.motions.filter { source.has($0.name) }
        // --release and --drag-duration time a drag alone.
        if !source.has(options.drag) {
            for option in [options.release.spec, options.dragDuration.spec] where source.givenHere(option.name) {
                throw .requires(option, options.drag.spec)
            }
        }
        guard let first = given.first else {
            try Self.checkNoTiming(source)
            try CarouselOptions.checkFlingOnly(in: source, flings: false)
            return nil
        }
        if given.count > 1 {
            throw .rule("Use one motion at a time: \(first) and \(given[1]) were both given")
        }
        // `--delete 1 --delete 2` reads as two deletions (found by review: the last was taken alone).
        if source.timesGiven(first.name) > 1 {
            throw .rule("Use one motion at a time: \(first) was given \(source.timesGiven(first.name)) times")
        }
        if description.isSequence {
            throw .conflicts(scenes.offsets.spec, with: first, because: "the motion gives the frames")
        }
        if let velocity = try source.read(options.fling) {
            kind = try Self.fling(velocity, source, description)
        } else if let layout = try source.read(options.toLayout) {
            kind = .toLayout(layout)
        } else if let index = try source.read(options.delete) {
            kind = .delete(index)
        } else if source.isSet(options.rotate) {
            try Self.checkRotation(of: description)
            kind = .rotate
        } else if let distance = try source.read(options.drag) {
            kind = try Self.drag(distance, source, description)
        } else if let index = try source.read(options.scrollTo) {
            if description.gallery.style.kind.carouselType == nil {
                throw .rule("\(options.scrollTo) applies to the carousel types (--layout coverflow, rotary, …)")
            }
            kind = .scrollTo(index)
        } else {
            return nil
        }
        (fps, duration, loops) = timing
        if kind == .rotate, !source.has(options.duration) { duration = MotionDefaults.rotationDuration }
        try checkDuration(source, carousel: description.gallery.style.kind.carouselType != nil)
        // A carousel's drag is refused when it is planned, which says more than this would.
        switch kind {
        case .fling, .drag: break
        default: try CarouselOptions.checkFlingOnly(in: source, flings: false)
        }
    }

    /// A rotation turns a full-screen collection view (the line's strip keeps its frame when the device
    /// turns: no app turns it into a column), and every frame has the end's size: the page control's
    /// dots must sit on it too.
    private static func checkRotation(of description: SceneDescription) throws(UsageError) {
        let (options, scenes) = (MotionOptions.declared, SceneOptions.declared)
        let layout = description.gallery.style.kind
        if layout == .line || layout == .compositional {
            throw .rule(
                "\(options.rotate) turns a full-screen collection view: use it with \(scenes.layout) grid, flow or a page layout (the \(layout.rawValue) layout's strip keeps its frame when the device turns)"
            )
        }
        try SceneDescription.checkPageControl(
            description.pageControl, frameHeight: description.gallery.viewport.width, turned: true)
    }

    /// `--duration` given for this scene where it times nothing: a motion that takes its own time
    /// (a fling's follows from its speed, a scroll's is iCarousel's, a drag's is `--drag-duration`),
    /// or a carousel's transition (iCarousel's own timing). A manifest's defaults may time every scene.
    private func checkDuration(_ source: any OptionSource, carousel: Bool) throws(UsageError) {
        let options = MotionOptions.declared
        guard source.givenHere(options.duration.spec.name) else { return }
        switch kind {
        case .fling:
            throw .rule(
                "\(options.duration) times a transition or a rotation: a fling's time follows from its velocity")
        case .scrollTo:
            throw .rule(
                "\(options.duration) times a transition or a rotation: \(options.scrollTo) takes iCarousel's 0.4 s")
        case .drag:
            throw .rule(
                "\(options.duration) times a transition or a rotation: a drag is timed by \(options.dragDuration)")
        case .toLayout, .delete:
            guard carousel else { return }
            throw .rule(
                "\(options.duration) times the line, grid and flow's transitions; iCarousel's take their own time (0.2 s for a change of type, 0.1 + 0.4 s for a deletion)"
            )
        case .rotate: return
        }
    }

    /// The library's request for this motion.
    var request: MotionRequest {
        switch kind {
        case .fling(let velocity, let deceleration): .fling(velocity: velocity, deceleration: deceleration)
        case .toLayout(let layout): .toLayout(layout, duration: duration)
        case .delete(let index): .delete(item: index, duration: duration)
        case .rotate: .rotate(duration: duration)
        case .scrollTo(let index): .scrollTo(item: index)
        case .drag(let distance, let duration, let velocity, let deceleration):
            .drag(distance: distance, duration: duration, velocity: velocity, deceleration: deceleration)
        }
    }

    /// The motion of `scene` from `offset`, and the scene each of its frames is drawn in.
    func motion(of scene: Scene, offset: Double) throws(UsageError) -> (Motion, frameScene: Scene) {
        do { return try request.timedMotion(of: scene, offset: offset, fps: fps) } catch { throw usageError(error) }
    }

    /// The frames of this motion of `scene` from `offset`, planned, the frame budget checked.
    func plan(of scene: Scene, offset: Double) throws(UsageError) -> MotionPlan {
        do { return try MotionPlan(request, of: scene, offset: offset, fps: fps) } catch { throw usageError(error) }
    }

    /// The fling's velocity as typed back to the user ("" for a transition).
    private var velocityText: String {
        if case .fling(let velocity, _) = kind { return velocity.optionText }
        return ""
    }

    /// A library error as the option at fault says it.
    private func usageError(_ error: MotionError) -> UsageError {
        let options = MotionOptions.declared, scenes = SceneOptions.declared
        return switch error {
        case .layout(.noSuchItem(let index, let count)):
            .invalidValue(
                String(index), for: MotionOptions.declared.delete.spec,
                LayoutError.noSuchItem(index, count: count).reason)
        case .layout(let error): .rule("\(scenes.spec(for: error.parameter)): \(error.reason)")
        case .rotatedLayout(let error): .rule("\(options.rotate): \(error)")
        case .rotatedLine: .rule("\(options.rotate): \(error)")
        case .endLayout(let layout, let error):
            .rule("\(options.toLayout) \(layout.rawValue): its defaults do not fit the viewport (\(error))")
        case .animationTooLarge(let frames, let size, let limit) where isTransition:
            .rule(
                "The animation would be \(frames) frames of \(size) pixels: at most \(limit / 1_000_000) megapixels in all; lower \(options.fps), \(options.duration) or the frame size"
            )
        case .animationTooLarge(let frames, let size, let limit):
            .rule(
                "The animation would be \(frames) frames of \(size) pixels: at most \(limit / 1_000_000) megapixels in all; lower \(options.fps) or the frame size"
            )
        case .tooManyFrames where isTransition:
            .rule(
                "\(options.duration) \(duration.optionText): \(error); lower \(options.fps) or \(options.duration)")
        case .tooManyFrames:
            if case .drag(let distance, _, _, _) = kind {
                .rule(
                    "\(options.drag) \(distance.optionText): \(error); lower \(options.fps) or \(options.dragDuration)")
            } else {
                .rule(
                    "\(options.fling) \(velocityText): \(error); lower \(options.fps) or the velocity, or choose a faster \(scenes.deceleration)"
                )
            }
        case .flingTooFar:
            if case .drag(let distance, _, _, _) = kind {
                .rule("\(options.drag) \(distance.optionText): \(error)")
            } else {
                .rule("\(options.fling) \(velocityText): \(error)")
            }
        case .carouselsOnly: .rule("\(options.scrollTo): \(error)")
        case .notForCarousels, .notForPages:
            switch kind {
            case .fling: .rule("\(options.fling): \(error)")
            case .toLayout: .rule("\(options.toLayout): \(error)")
            case .delete: .rule("\(options.delete): \(error)")
            case .rotate: .rule("\(options.rotate): \(error)")
            case .scrollTo: .rule("\(options.scrollTo): \(error)")
            case .drag: .rule("\(options.drag): \(error)")
            }
        }
    }
}
