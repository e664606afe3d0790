import GalleryLayout

/// A motion to animate, as UIKit performs it.
public enum MotionRequest: Sendable, Equatable {
    /// A fling at `velocity` pt/s along the scroll axis; with the scene's snap it ends on the target.
    case fling(velocity: Double, deceleration: DecelerationRate = .normal)
    /// `setCollectionViewLayout(_:animated:)` to `layout` with its own defaults.
    case toLayout(LayoutKind, duration: Double = MotionDefaults.transitionDuration)
    /// `deleteItems(at:)` of `item`.
    case delete(item: Int, duration: Double = MotionDefaults.transitionDuration)
    /// The device turning to the other orientation (`viewWillTransition(to:with:)`).
    case rotate(duration: Double = MotionDefaults.rotationDuration)
    /// A carousel's `scrollToItemAtIndex:item animated:YES` (0.4 s, the shortest way round with wrap).
    case scrollTo(item: Int)
    /// The finger dragging the content `distance` points over `duration` seconds, lifting at `velocity`
    /// (nil: the drag's own speed); then a fling under the scene's rules, or the spring back from
    /// past an edge.
    case drag(
        distance: Double, duration: Double = MotionDefaults.dragDuration, velocity: Double? = nil,
        deceleration: DecelerationRate = .normal)

    /// The motion of `scene` from `offset`, and the scene each of its frames is drawn in (a rotation's:
    /// the end's size). A fling starts at the offset clamped, the scene's snap bending its end; a
    /// transition or rotation starts from the frame `render` shows there clamped (whether or not the
    /// scene allows overscroll), snapped with the scene's snap.
    package func motion(of scene: Scene, offset: Double) throws(MotionError) -> (Motion, frameScene: Scene) {
        var frameScene = scene
        (frameScene.snap, frameScene.paging) = (nil, false)
        if !isScroll { frameScene.gallery.allowsOverscroll = false }
        var scene = scene
        scene.gallery.allowsOverscroll = frameScene.gallery.allowsOverscroll
        let gallery = scene.gallery
        if case .carousel(let carousel) = gallery.style {
            return try carouselMotion(carousel, of: frameScene, offset: offset)
        }
        try checkAnimated(from: gallery)
        switch self {
        case .scrollTo: throw .carouselsOnly(motion: "scrollToItemAtIndex:animated:")
        case .fling(let velocity, let deceleration):
            return try Self.fling(velocity, deceleration, of: scene, frameScene: frameScene, offset: offset)
        case .drag(let distance, let duration, let velocity, let deceleration):
            var rule = Gallery.ReleaseRule.free(deceleration)
            if scene.paging { rule = .paging } else if let snap = scene.snap { rule = .snap(snap.deceleration) }
            let scroll = gallery.drag(
                from: offset, distance: distance, duration: duration, velocity: velocity, rule: rule)
            return try Self.scrolling(scroll, scene: scene, frameScene: frameScene)
        case .toLayout(let layout, let duration):
            var end = gallery
            end.style = layout.defaultStyle
            end.allowsOverscroll = false
            do { try end.validate() } catch { throw .endLayout(layout, error) }
            var transition = try Self.laidOut { () throws(LayoutError) in
                try LayoutTransition(from: gallery, frame: scene.layout(atOffset: offset), to: end, duration: duration)
            }
            transition.sceneShadow = scene.itemShadow
            frameScene.largestDrawnSide = end.largestItemSide
            return (.transition(transition, start: gallery, end: end), frameScene)
        case .delete(let item, let duration):
            let transition = try Self.laidOut { () throws(LayoutError) in
                try LayoutTransition(
                    deleting: item, from: gallery, frame: scene.layout(atOffset: offset), duration: duration)
            }
            var end = gallery
            end.itemCount -= 1
            return (.transition(transition, start: gallery, end: end), frameScene)
        case .rotate(let duration):
            return try Self.rotation(duration, of: scene, frameScene: frameScene, offset: offset)
        }
    }

    /// A fling from `offset` clamped: a paged or compositional one ends where the scene's rules say
    /// (`Scroll`); any other decelerates freely, or is bent onto the scene's snap target.
    private static func fling(
        _ velocity: Double, _ deceleration: DecelerationRate, of scene: Scene, frameScene: Scene, offset: Double
    ) throws(MotionError) -> (Motion, frameScene: Scene) {
        let gallery = scene.gallery
        let start = gallery.clamped(offset)
        if scene.paging || gallery.style.kind == .compositional {
            let rule: Gallery.ReleaseRule = scene.paging ? .paging : .free(deceleration)
            let scroll = Scroll(drag: nil, release: gallery.release(at: start, velocity: velocity, rule: rule))
            return try scrolling(scroll, scene: scene, frameScene: frameScene)
        }
        let target = scene.snap.map { _ in gallery.snapped(start, velocity: velocity, deceleration: deceleration) }
        let fling = Fling(
            from: start, velocity: velocity, deceleration: deceleration, range: gallery.scrollableRange, target: target)
        guard LayoutError.offsetRange.contains(fling.end) else { throw .flingTooFar(end: fling.end) }
        var frameScene = frameScene
        frameScene.gallery.allowsOverscroll = true
        return (.fling(fling, gallery: frameScene.gallery, displayScale: scene.displayScale), frameScene)
    }

    /// `scroll` as the motion, its frames drawn with overscroll (a bounce shows as it happens); throws
    /// when it would rest past the offsets a frame may have.
    private static func scrolling(_ scroll: Scroll, scene: Scene, frameScene: Scene) throws(MotionError) -> (
        Motion, frameScene: Scene
    ) {
        guard LayoutError.offsetRange.contains(scroll.release.end) else { throw .flingTooFar(end: scroll.release.end) }
        var frameScene = frameScene
        frameScene.gallery.allowsOverscroll = true
        return (.scroll(scroll, gallery: frameScene.gallery, displayScale: scene.displayScale), frameScene)
    }

    /// The device turning: the same scene with width and height swapped, size-dependent defaults (the
    /// grid's side, the flow's columns) following the new size, values given staying.
    private static func rotation(_ duration: Double, of scene: Scene, frameScene: Scene, offset: Double)
        throws(MotionError) -> (Motion, frameScene: Scene)
    {
        let gallery = scene.gallery
        if case .line = gallery.style { throw .rotatedLine }
        if case .compositional = gallery.style { throw .rotatedLine }
        var end = gallery
        end.viewport = Size(width: gallery.viewport.height, height: gallery.viewport.width)
        (end.contentInset, end.turnedContentInset) = (gallery.turnedContentInset, gallery.contentInset)
        do { try end.validate() } catch { throw .rotatedLayout(error) }
        var transition = try laidOut { () throws(LayoutError) in
            let startFrame = try scene.layout(atOffset: offset)
            var resting = scene.snap.map { _ in end.snapped(startFrame.offset) } ?? end.clamped(startFrame.offset)
            let (from, to) = (gallery.scrollableRange.lowerBound, end.scrollableRange.lowerBound)
            // At the top, a scroll view stays at the top when its inset changes (the safe area turns).
            if from != to, startFrame.offset == from { resting = to }
            // Full-page cards keep their page: the offset in pages (k·P, as paging rests) stays.
            if case .page = gallery.style {
                resting = end.clamped(startFrame.offset / gallery.viewport.width * end.viewport.width)
            }
            return try LayoutTransition(
                from: gallery, frame: startFrame, to: end, atOffset: resting, duration: duration)
        }
        transition.sceneShadow = scene.itemShadow
        var frameScene = frameScene
        frameScene.gallery = end
        frameScene.largestDrawnSide = max(gallery.largestItemSide, end.largestItemSide)
        return (.rotation(transition, start: gallery, end: end), frameScene)
    }

    /// Refuses what the line, grid, flow, page and compositional layouts do not animate: a page
    /// layout's change to another kind of layout, a change to a page layout from another kind, and a
    /// change to a carousel type.
    private func checkAnimated(from gallery: Gallery) throws(MotionError) {
        if case .page = gallery.style, let motion = pageMissing { throw .notForPages(motion: motion) }
        if case .toLayout(let kind, _) = self, kind.pageEffect != nil, gallery.style.kind.pageEffect == nil {
            throw .notForPages(motion: "a change to \(kind.rawValue) from another layout")
        }
        if case .toLayout(let kind, _) = self, kind.carouselType != nil {
            throw .notForCarousels(motion: "a change from \(gallery.style.name)")
        }
    }

    /// What the page layouts do not animate, or nil.
    private var pageMissing: String? {
        switch self {
        case .fling, .drag, .rotate, .delete: nil
        case .toLayout(let kind, _): kind.pageEffect == nil ? "a change to \(kind.rawValue)" : nil
        case .scrollTo: "scrollToItemAtIndex:animated:"
        }
    }

    /// A fling or a drag: the scroll view moves, bouncing past its edges.
    public var isScroll: Bool {
        switch self {
        case .fling, .drag: true
        case .toLayout, .delete, .rotate, .scrollTo: false
        }
    }

    /// The motion of `scene` from `offset` as `motion(of:offset:)` gives it, its frame count at `fps`
    /// checked against `MotionTimeline.frameLimit` before any frame is listed.
    package func timedMotion(of scene: Scene, offset: Double, fps: Int) throws(MotionError) -> (
        Motion, frameScene: Scene
    ) {
        let (motion, frameScene) = try motion(of: scene, offset: offset)
        guard MotionTimeline.frameCount(duration: motion.duration, fps: fps) <= Double(MotionTimeline.frameLimit) else {
            throw .tooManyFrames(duration: motion.duration, fps: fps)
        }
        return (motion, frameScene)
    }

    /// A carousel's motion: a fling with iCarousel's physics; the rest not (yet).
    private func carouselMotion(_ carousel: CarouselLayout, of scene: Scene, offset: Double) throws(MotionError) -> (
        Motion, frameScene: Scene
    ) {
        var frameScene = scene
        switch self {
        case .fling(let velocity, _):
            let fling = try Self.laidOut { () throws(LayoutError) in
                try CarouselFling(
                    layout: carousel, count: scene.gallery.itemCount, offset: offset, velocity: velocity,
                    scrollSpeed: carousel.scrollSpeed, decelerationRate: carousel.decelerationRate)
            }
            frameScene.gallery.allowsOverscroll = true
            return (.carouselFling(fling, gallery: frameScene.gallery), frameScene)
        case .scrollTo(let item):
            let scroll = try Self.laidOut { () throws(LayoutError) in
                try CarouselFling.scrollTo(item, layout: carousel, count: scene.gallery.itemCount, offset: offset)
            }
            return (.carouselFling(scroll, gallery: frameScene.gallery), frameScene)
        case .rotate: throw .notForCarousels(motion: "a rotation")
        case .drag: throw .notForCarousels(motion: "a drag")
        case .toLayout(let kind, _):
            guard let type = kind.carouselType else { throw .notForCarousels(motion: "a change to \(kind.rawValue)") }
            return try carouselTransition(carousel, .type(type), of: frameScene, offset: offset)
        case .delete(let item, _):
            return try carouselTransition(carousel, .delete(item: item), of: frameScene, offset: offset)
        }
    }

    /// A carousel's change of type or deletion, with iCarousel's own timing.
    private func carouselTransition(
        _ carousel: CarouselLayout, _ change: CarouselTransition.Change, of scene: Scene, offset: Double
    ) throws(MotionError) -> (Motion, frameScene: Scene) {
        let gallery = scene.gallery
        let transition = try Self.laidOut { () throws(LayoutError) in
            try CarouselTransition(
                carousel, count: gallery.itemCount, viewport: gallery.viewport, offset: offset, change: change)
        }
        var end = gallery
        end.style = .carousel(transition.to)
        end.itemCount = transition.endCount
        var frameScene = scene
        frameScene.largestDrawnSide = max(gallery.largestItemSide, end.largestItemSide)
        return (.carouselTransition(transition, start: gallery, end: end), frameScene)
    }

    private static func laidOut<T>(_ body: () throws(LayoutError) -> T) throws(MotionError) -> T {
        do { return try body() } catch { throw .layout(error) }
    }
}
