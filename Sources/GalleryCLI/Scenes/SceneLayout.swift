import GalleryLayout
import RenderPipeline
import SnapshotCheck

/// A scene's layout as `gallery-render layout` prints it (`LayoutDocument`), from its offset or
/// through its motion: for the command, and for recording beside a baseline.
enum SceneLayout {
    /// The JSON Lines of `motion` of `scene` from `offset`, one compact object per frame, each with its
    /// newline, handed to `write` in pieces (`LayoutDocument.writeJSONLines`) once the motion is
    /// planned: a motion that cannot be made throws before anything is written.
    static func writeJSONLines(
        of motion: MotionDescription, scene: Scene, offset: Double, to write: ([UInt8]) -> Bool
    ) throws(UsageError) {
        let (engine, frameScene) = try motion.motion(of: scene, offset: offset)
        let states: [MotionState]
        do { states = try engine.states(fps: motion.fps) } catch {
            // The parameter at fault, as `animate` names it (found by review: --offset, never given).
            throw UsageError.rule("\(SceneOptions.declared.spec(for: error.parameter)): \(error.reason)")
        }
        LayoutDocument.writeJSONLines(states, scene: frameScene, to: write)
    }

    /// The `layout` text of the frame of `scene` at `offset` (the pretty object `layout` prints), or of
    /// `motion` from there (its JSON Lines): what recording writes beside a baseline.
    static func text(of scene: Scene, offset: Double, motion: MotionDescription?) -> String? {
        if let motion {
            var text: [UInt8] = []
            do {
                try writeJSONLines(of: motion, scene: scene, offset: offset) {
                    text += $0
                    return true
                }
            } catch { return nil }
            return String(decoding: text, as: UTF8.self)
        }
        return (try? scene.layout(atOffset: offset)).map { LayoutDocument.still($0, scene: scene) }
    }

    /// The frames a scene's `expect` is checked against: the numbers `text` prints (to its 6
    /// decimals), read from the layout without writing and parsing the text.
    static func trajectory(of scene: Scene, offset: Double, motion: MotionDescription?) -> [TrajectoryFrame]? {
        guard let motion else {
            guard let frame = try? scene.layout(atOffset: offset) else { return nil }
            return [TrajectoryFrame(time: 0, items: values(frame.items.map { AnimatedItem(item: $0, alpha: 1) }))]
        }
        guard let (engine, _) = try? motion.motion(of: scene, offset: offset),
            let states = try? engine.states(fps: motion.fps)
        else { return nil }
        return states.map { TrajectoryFrame(time: printed($0.time), items: values($0.items, inMotion: true)) }
    }

    /// Each item's values by index, as `LayoutDocument` prints them: in a motion the item's alpha is
    /// the motion's, unless the layout gives it one of its own (a carousel's, a page's). An item with
    /// a transform (a carousel's, a page's) is centred where its transform draws its centre, not at
    /// the `center` it shares with every other item (none while that is at or behind the eye).
    private static func values(_ items: [AnimatedItem], inMotion: Bool = false) -> [Int: [Expectation.Property: Double]]
    {
        var values: [Int: [Expectation.Property: Double]] = [:]
        for animated in items {
            let item = animated.item
            let own = item.carouselOffset != nil || item.progress != nil
            var entry: [Expectation.Property: Double] = [
                .size: printed(item.size), .scale: printed(item.scale),
                .alpha: inMotion && !own ? printed(animated.alpha) : item.alpha,
            ]
            if let center = drawnCenter(of: item) {
                (entry[.centerX], entry[.centerY]) = (printed(center.x), printed(center.y))
            }
            values[item.index] = entry
        }
        return values
    }

    /// Where `item`'s centre is drawn: its `center` moved by its transform's projection of the origin.
    private static func drawnCenter(of item: LayoutItem) -> Point? {
        guard let transform = item.transform else { return item.center }
        return transform.project(Point(x: 0, y: 0), center: item.center)
    }

    /// `value` to the 6 decimals `layout` prints.
    private static func printed(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }
}
