import GalleryLayout
import RenderPipeline

/// A scene's layout as `gallery-render layout` prints it (`LayoutDocument`), from its offset or
/// through its motion: for the command, and for recording beside a baseline.
enum SceneLayout {
    /// The JSON Lines of `motion` of `scene` from `offset`: one compact object per frame.
    static func lines(of motion: MotionDescription, scene: Scene, offset: Double) throws(UsageError) -> [String] {
        let (engine, frameScene) = try motion.motion(of: scene, offset: offset)
        let states: [MotionState]
        do { states = try engine.states(fps: motion.fps) } catch {
            throw UsageError.rule("\(SceneOptions.declared.offset): \(error.reason)")
        }
        return LayoutDocument.lines(states, scene: frameScene)
    }

    /// The `layout` text of the frame of `scene` at `offset` (the pretty object `layout` prints), or of
    /// `motion` from there (its JSON Lines): what recording writes beside a baseline.
    static func text(of scene: Scene, offset: Double, motion: MotionDescription?) -> String? {
        if let motion {
            return (try? lines(of: motion, scene: scene, offset: offset))?.joined(separator: "\n").appending("\n")
        }
        return (try? scene.layout(atOffset: offset)).map { LayoutDocument.still($0, scene: scene) }
    }
}
