import Foundation
import GalleryCore
import GalleryRender
import RenderPipeline
import SnapshotCheck
import VisualDiff

/// A manifest turned into batch work for one shard: every scene validated (usage errors name the
/// scene and key), this shard's scenes picked, photos listed, output paths assigned under a folder.
struct ManifestPlan: Sendable {
    /// This shard's scenes, ready to render.
    var scenes: [RenderJob] = []
    /// This shard's scenes that failed before rendering (no photos, say), with the reason.
    var failures: [(name: String, failure: SceneFailure)] = []
    /// Every frame in `scenes`, with its output path relative to the folder (`carousel.png`,
    /// `scroll/offset-85.png`): where `check` finds its baseline.
    var frames: [PlannedFrame] = []
    /// The path of every frame of the whole manifest, every shard's and every failed scene's too (paths
    /// follow from scene names and offsets alone): a baseline at none of them is an orphan.
    var everyFramePath: Set<String> = []
    /// Every photo file and folder any scene of the manifest names (every shard's): never orphans.
    var everyPhotoInput: [String] = []
    /// Files in this shard's photo folders that are named like photos but are not images: left out,
    /// for the command to warn about.
    var skippedPhotos: [String] = []
    /// The regions each frame of this shard leaves out of its comparison, by path (scenes' `ignore`).
    var ignoreRegions: [String: IgnoreRegions] = [:]
    /// Which shard each scene went to, as a SHA-256, when the manifest is split: a merge tells shards
    /// dealt from different weights by it.
    var dealing: String?
    /// What each frame's layout must do, by path (scenes' `expect`).
    var expectations: [String: [Expectation]] = [:]
    /// What each frame of `frames` shows, by its path: the scene, offset and motion its `layout`
    /// text is made from (recording writes it beside the baseline; check compares it).
    private var layouts: [String: (scene: Scene, offset: Double, motion: MotionDescription?)] = [:]

    /// The manifest's folder with a trailing slash: photo paths in layouts are given relative to it.
    private var manifestFolder = ""
    /// Each distinct `photos` list's listing (and the files it skipped), made once: scenes often
    /// share a folder, and listing one opens every file in it.
    private var listings: [Listing: Result<(photos: [String], skipped: [String]), PhotoListing.ListingError>] = [:]

    private struct Listing: Hashable {
        let inputs: [String]
        let allowEmpty: Bool
    }

    /// `check` with the failures of its scene's expectations, checked against the frame's layout.
    func expecting(_ check: FrameCheck) -> FrameCheck {
        guard let expected = expectations[check.path], check.status != .sceneFailed, let layout = layouts[check.path],
            let frames = SceneLayout.trajectory(of: layout.scene, offset: layout.offset, motion: layout.motion)
        else { return check }
        return check.expecting(Expectation.failures(of: expected, in: frames))
    }

    /// The `layout` text of the frame at `path` (relative to the folder), or nil. Photos are named as
    /// relative to the manifest's folder, so a layout recorded on one machine reads the same on another.
    func layoutText(of path: String) -> String? {
        guard let layout = layouts[path] else { return nil }
        var scene = layout.scene
        scene.photos = scene.photos.map {
            SystemPath.dropping(manifestFolder, from: $0) ?? $0
        }
        return SceneLayout.text(of: scene, offset: layout.offset, motion: layout.motion)
    }

    /// Every scene's options are parsed and checked once, before any photo is listed. Scenes are
    /// dealt to shards by cost (`ShardCosts`, measured seconds from `weights` where given).
    /// Under `strict`, a scene whose folder holds a file named like a photo that is not one (a Git LFS
    /// pointer) fails naming it, instead of rendering without it and renumbering the items.
    init(
        manifest: Manifest, shard: Shard, outputFolder: String, strict: Bool = false, weights: ShardWeights? = nil
    ) throws(UsageError) {
        let parent = SystemPath.parent(manifest.path)
        manifestFolder = parent.isEmpty || parent.hasSuffix("/") ? parent : parent + "/"
        let described = try Self.describe(manifest)
        let shards =
            shard.count == 1
            ? [Int](repeating: 0, count: described.count)
            : ShardPlanner.assign(
                costs: ShardCosts.costs(of: manifest.scenes, described, weights: weights), shards: shard.count)
        if shard.count > 1 {
            let dealt = zip(manifest.scenes, shards).map { "\($0.name)\t\($1)\n" }.joined()
            dealing = SHA256.hex(Array(dealt.utf8))
        }
        let folder = outputFolder.hasSuffix("/") ? String(outputFolder.dropLast()) : outputFolder
        // Where each scene's frames start among all the manifest's frames, every shard's counted.
        let firstFrame = described.reduce(into: [0]) { starts, scene in
            starts.append(starts[starts.count - 1] + scene.description.offsets.count)
        }
        everyPhotoInput = Array(Set(manifest.scenes.flatMap(\.photos))).sorted()
        everyFramePath = Set(
            zip(manifest.scenes, described).flatMap { entry, scene in
                Self.framePaths(scene: entry.name, scene.description)
            })
        var seenSkipped: Set<String> = []
        var planned = 0
        for (position, (entry, scene)) in zip(manifest.scenes, described).enumerated()
        where shards[position] == shard.index - 1 {
            guard let photos = listPhotos(of: entry, scene.description, strict: strict, seen: &seenSkipped) else {
                continue
            }
            let paths = Self.framePaths(scene: entry.name, scene.description)
            frames += paths.enumerated().map {
                PlannedFrame(path: $0.element, scene: entry.name, order: firstFrame[position] + $0.offset)
            }
            do throws(UsageError) {
                try add(entry, scene.description, scene.motion, photos: photos, paths: paths, folder: folder)
                planned += scenes.last?.frameCount ?? 0
                if planned > Self.frameLimit {
                    let (run, remedy) =
                        shard.count > 1 ? ("this shard's", " or give it more shards") : ("the run's", " or shard it")
                    throw Self.tooManyFrames(planned, what: "\(run) frames up to this scene", remedy: remedy)
                }
            } catch {
                throw UsageError.inManifest(path: manifest.name, place: entry.place(of: error), error)
            }
        }
    }

    /// The most frames one run plans: the manifest's files, and this shard's frames with every
    /// motion's, each checked before the next scene is planned (found by review: fifty scenes of
    /// "0..99999/1", a 2 KB manifest, took 8 GB before a frame was drawn, then aborted).
    static let frameLimit = OffsetList.limit

    static func tooManyFrames(_ count: Int, what: String, remedy: String = "") -> UsageError {
        UsageError("\(what) come to \(count), more than the \(frameLimit) one run takes: split the manifest\(remedy)")
    }

    /// Each scene's description and motion, checked: the defaults' timing, every scene's options,
    /// outputs that would collide, and offsets given twice.
    private static func describe(_ manifest: Manifest) throws(UsageError) -> [(
        description: SceneDescription, motion: MotionDescription?
    )] {
        // Timing in the defaults is checked even where every scene sets its own, or none animates.
        let timing = MotionOptions.declared
        do {
            _ = (try manifest.defaults.read(timing.fps), try manifest.defaults.read(timing.duration))
            _ = try manifest.defaults.read(timing.loop)
        } catch {
            throw .inManifest(path: manifest.name, place: "defaults", error)
        }
        var described: [(description: SceneDescription, motion: MotionDescription?)] = []
        var files = 0
        for scene in manifest.scenes {
            do throws(UsageError) {
                let description = try SceneDescription(scene, motion: MotionOptions.declared.scrolls(scene))
                described.append((description, try MotionDescription(scene, scene: description)))
                // Counted as each scene is read: no more than one scene's offsets past the limit are held.
                files += description.offsets.count
                if files > frameLimit {
                    throw tooManyFrames(files, what: "the manifest's frame files up to this scene")
                }
            } catch {
                throw UsageError.inManifest(path: manifest.name, place: scene.place(of: error), error)
            }
        }
        try checkOutputsDistinct(manifest, described.map(\.description))
        for (scene, (description, _)) in zip(manifest.scenes, described) where description.isSequence {
            var seen: Set<Double> = []
            for offset in description.offsets where !seen.insert(offset == 0 ? 0 : offset).inserted {
                let error = UsageError.rule(
                    "\(SceneOptions.declared.offsets): the offset \(JSONValue.shortest(offset)) is given twice (frames are named by offset)"
                )
                throw .inManifest(path: manifest.name, place: scene.place(of: error), error)
            }
        }
        return described
    }

    /// The photos of `entry`, or nil when its listing failed (recorded in `failures`); files named
    /// like photos that are not images fail the scene under `strict`, else join `skippedPhotos` once.
    private mutating func listPhotos(
        of entry: ManifestScene, _ description: SceneDescription, strict: Bool, seen: inout Set<String>
    ) -> [String]? {
        let key = Listing(inputs: entry.photos, allowEmpty: description.count != nil)
        let listing =
            listings[key]
            ?? Result { () throws(PhotoListing.ListingError) in
                var skipped: [String] = []
                let photos = try PhotoListing.photos(from: key.inputs, allowEmpty: key.allowEmpty) {
                    skipped.append($0)
                }
                return (photos, skipped)
            }
        listings[key] = listing
        do {
            let (photos, skipped) = try listing.get()
            if strict, !skipped.isEmpty {
                failures.append((entry.name, .unreadablePhotos(skipped.map(PhotoProblem.notAnImage))))
                return nil
            }
            // Scenes often share a folder: each file is named once.
            skippedPhotos += skipped.filter { seen.insert($0).inserted }
            return photos
        } catch {
            failures.append((entry.name, .photos(error)))
            return nil
        }
    }

    /// The render job of `entry`, its frames written to `paths` under `folder`, and their layouts.
    private mutating func add(
        _ entry: ManifestScene, _ description: SceneDescription, _ motion: MotionDescription?, photos: [String],
        paths: [String], folder: String
    ) throws(UsageError) {
        let scene = description.scene(photos: photos)
        for (path, offset) in zip(paths, description.offsets) { layouts[path] = (scene, offset, motion) }
        let outputs = paths.map { folder + "/" + $0 }
        var job: RenderJob
        if let motion, let file = outputs.first {
            let plan = try motion.plan(of: scene, offset: description.offsets[0])
            job = RenderJob(
                name: entry.name, scene: plan.frameScene, frames: .motion(plan, from: description.offsets[0]),
                output: .animation(file, .init(format: .apng, fps: motion.fps, loops: motion.loops)))
        } else {
            job = RenderJob(
                name: entry.name, scene: scene, frames: .offsets(description.offsets), output: .stills(outputs))
        }
        job.cacheIdentity = entry.identity(skipping: Self.notInCacheKeys)
        scenes.append(job)
        if !entry.expect.isEmpty { for path in paths { expectations[path] = entry.expect } }
        guard !entry.ignore.isEmpty else { return }
        // Each frame's regions, from its plan: an item's quad follows it through a motion.
        switch job.frames {
        case .motion(let plan, _):
            ignoreRegions[paths[0]] = IgnoreRegion.regions(entry.ignore, plans: plan.plans, scale: scene.displayScale)
        case .offsets(let offsets):
            for (path, offset) in zip(paths, offsets) {
                guard let frame = try? FramePlan(scene: scene, offset: offset) else { continue }
                ignoreRegions[path] = IgnoreRegion.regions(entry.ignore, plans: [frame], scale: scene.displayScale)
            }
        }
    }

    /// Keys the frame cache does not take from a scene's options: the name (a renamed scene finds its
    /// frames), and what `FrameKey` adds itself (photos' bytes, the offset, the font's bytes); the
    /// diff options change no pixel.
    private static let notInCacheKeys: Set<String> = Set(
        ["name", "photos", "offset", "offsets", SceneOptions.declared.font.spec.name]
            + DiffOptions.specs.map(\.name))

    /// Where the frames of the scene `scene` described by `description` are written, relative to the folder.
    private static func framePaths(scene: String, _ description: SceneDescription) -> [String] {
        description.offsets.map { offset in
            description.isSequence ? framePath(scene: scene, offset: offset) : "\(scene).png"
        }
    }

    /// Where the frame of a multi-offset scene at `offset` is written, relative to the folder: named by
    /// the offset, not its place in the list (`carousel/offset-120.png`, `offset-42.5.png`,
    /// `offset--20.png`), so adding an offset adds one frame and renames none.
    static func framePath(scene: String, offset: Double) -> String {
        "\(scene)/offset-\(JSONValue.shortest(offset)).png"
    }

    /// Scenes whose outputs would collide are refused before anything renders: `a` writes `a.png`, and
    /// `a.png` with offsets writes a folder `a.png/`; and names that differ only in case collide on
    /// the case-insensitive volumes iOS engineers work on.
    private static func checkOutputsDistinct(_ manifest: Manifest, _ descriptions: [SceneDescription])
        throws(UsageError)
    {
        var seen: [String: String] = [:]
        for (scene, description) in zip(manifest.scenes, descriptions) {
            let output = description.isSequence ? scene.name : scene.name + ".png"
            if let other = seen[output.lowercased()] {
                throw UsageError(
                    "\(manifest.name): scenes '\(other)' and '\(scene.name)' would both write '\(output)' (names are compared ignoring case)"
                )
            }
            seen[output.lowercased()] = scene.name
        }
    }
}
