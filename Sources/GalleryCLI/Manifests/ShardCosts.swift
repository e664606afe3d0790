import GalleryLayout
import RenderPipeline

/// What each scene of a manifest costs to render, for `ShardPlanner`: its frames (an animation's
/// counted from its planned timing, before anything renders) × its output pixels; or, with weights,
/// the seconds a previous run measured. Every shard computes the same costs from the same manifest
/// and photo folders.
enum ShardCosts {
    /// One cost per scene, in manifest order. A scene the weights name costs its measured seconds;
    /// the others their frames × pixels in the measured scenes' seconds per frame-pixel (so both
    /// kinds add up); with no measured scene, every scene costs its frames × pixels.
    static func costs(
        of scenes: [ManifestScene], _ described: [(description: SceneDescription, motion: MotionDescription?)],
        weights: ShardWeights?
    ) -> [Double] {
        var listings: [[String]: [String]] = [:]
        let work = zip(scenes, described).map { entry, scene in
            frames(entry, scene.description, scene.motion, listings: &listings) * pixels(scene.description)
        }
        guard let weights else { return work }
        let measured = scenes.map { weights.seconds[$0.name] }
        let pairs = zip(measured, work).compactMap { seconds, work in seconds.map { ($0, work) } }
        let (seconds, measuredWork) = pairs.reduce((0.0, 0.0)) { ($0.0 + $1.0, $0.1 + $1.1) }
        guard seconds > 0, measuredWork > 0 else { return work }
        let secondsPerWork = seconds / measuredWork
        return zip(measured, work).map { seconds, work in seconds ?? work * secondsPerWork }
    }

    /// The frame's pixels.
    private static func pixels(_ description: SceneDescription) -> Double {
        let size = description.scene(photos: []).pixelSize
        return Double(size.width) * Double(size.height)
    }

    /// The scene's frames: its offsets, or its motion's frames at its fps. An animation whose motion
    /// cannot be planned (its photos are missing, say) counts as one frame: it fails at once.
    private static func frames(
        _ entry: ManifestScene, _ description: SceneDescription, _ motion: MotionDescription?,
        listings: inout [[String]: [String]]
    ) -> Double {
        guard let motion, let offset = description.offsets.first else { return Double(description.offsets.count) }
        var photos: [String] = []
        if description.count == nil {
            // Scenes often share a folder: each list of inputs is listed once.
            photos = listings[entry.photos] ?? (try? PhotoListing.photos(from: entry.photos)) ?? []
            listings[entry.photos] = photos
        }
        guard let (timed, _) = try? motion.motion(of: description.scene(photos: photos), offset: offset) else {
            return 1
        }
        return max(1, MotionTimeline.frameCount(duration: timed.duration, fps: motion.fps))
    }
}
