import GalleryCore
import GalleryLayout

/// A motion's frames, planned before any pixel (beside `FramePlan`, a still's): each photo is then decoded once for the whole
/// animation, and the frame budget is checked before anything renders.
public struct MotionPlan: Sendable {
    /// The frames, in order.
    public let plans: [FramePlan]
    /// The scene they are drawn in.
    public let frameScene: Scene
    /// The scene the first frame decodes its photos for when the others decode for larger items (a
    /// transition to a layout with larger items): the start's, as `render` does.
    public let firstFrameScene: Scene?

    /// The most pixels an animation may render in all (frames × frame pixels): 10,000 full-HD frames.
    public static let pixelBudget = 20_000_000_000

    public init(_ request: MotionRequest, of scene: Scene, offset: Double, fps: Int) throws(MotionError) {
        let (motion, frameScene) = try request.timedMotion(of: scene, offset: offset, fps: fps)
        let count = Int(MotionTimeline.frameCount(duration: motion.duration, fps: fps))
        let size = scene.pixelSize
        guard count * size.width * size.height <= Self.pixelBudget else {
            throw .animationTooLarge(frames: count, size: size, limit: Self.pixelBudget)
        }
        let states: [MotionState]
        do { states = try motion.states(fps: fps) } catch { throw .layout(error) }
        plans = states.map { state in
            guard let turn = state.turn else {
                // A deletion's control keeps n dots until its end, as an app that sets numberOfPages
                // in the completion shows it; the end's pages count without the deleted item.
                var plan = FramePlan(scene: frameScene, layout: state.frame, items: state.items)
                plan.pageControl?.pages = state.gallery.itemCount
                if case .delete(let deleted, _) = request, state.gallery.itemCount < scene.gallery.itemCount,
                    let current = plan.pageControl?.current, current > deleted
                {
                    plan.pageControl?.current = current - 1
                }
                return plan
            }
            // A rotation's interface is drawn at its own bounds, then turned onto the end-sized frame.
            var interface = frameScene
            interface.gallery.viewport = turn.viewport
            var plan = FramePlan(scene: interface, layout: state.frame, items: state.items)
            plan.turn = FramePlan.Turn(degrees: turn.degrees, frame: frameScene.pixelSize)
            return plan
        }
        self.frameScene = frameScene
        // The start's own decode box (a rotation's frame scene is the end's): the first frame is
        // exactly `render` of the start.
        var start = scene
        start.largestDrawnSide = nil
        firstFrameScene = start.decodeBox == frameScene.decodeBox ? nil : start
    }
}
