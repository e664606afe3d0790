import Foundation
import GalleryCore
import GalleryLayout
import ImageCodecs
import Raster

/// The one render loop: plans every job's frames, decodes each photo once through a bounded cache,
/// renders frames side by side and hands them, in order, to each job's output (`FrameSink`).
///
/// Jobs run one after another, their frames in parallel (a single frame parallelises over its
/// items). Under `strict`, a job whose photos cannot all be read fails before any of its frames is
/// rendered; other jobs still render. Output is identical whatever `jobs` is.
public struct Renderer: Sendable {
    public var jobs: Int
    public var strict: Bool
    public var cacheBytes: Int
    /// Photos given as pixels, by the paths the scenes name them with (`PhotoCache`'s `given`).
    public var given: [String: DecodedImage]
    /// Finished frames kept between runs; jobs with a `cacheIdentity` are served from it and fill it.
    public var frameCache: FrameCache?
    /// Whether files served from the frame cache are synced to disk; false for a check's own scratch
    /// folder, removed when the check ends.
    public var durable = true
    /// Says whether a file the frame cache serves is already where it is going, for `output` and the
    /// served bytes: a check's baseline with the same bytes. Such a file is recorded, not written.
    public var alreadyThere: (@Sendable (_ output: String, _ bytes: [UInt8]) -> Bool)?

    /// The decoded-photo cache's capacity when none is given: 512 MiB.
    public static let defaultCacheBytes = 512 << 20

    public init(
        jobs: Int, strict: Bool = false, cacheBytes: Int = defaultCacheBytes, given: [String: DecodedImage] = [:]
    ) {
        self.jobs = max(1, jobs)
        self.strict = strict
        self.cacheBytes = cacheBytes
        self.given = given
    }

    /// Runs `work`. `onProblem` hears each photo problem once, frame by frame in the frames' order
    /// (ProblemAnnouncer: the same order whatever the timing or `jobs`); `onFrame` after each frame
    /// is rendered and handed on (a still's once its file is written or has failed).
    public func run(
        _ work: [RenderJob], onProblem: @escaping @Sendable (PhotoProblem) -> Void = { _ in },
        onFrame: @escaping @Sendable () -> Void = {}
    ) -> RenderReport {
        let start = Date()
        var report = RenderReport()
        // Planned side by side: with a frame cache, serving what it holds is most of a warm run.
        let served = DeferredSync()
        let opaque = OpaquePhotos(given: Set(given.keys))
        let outcomes = Parallel.map(work, jobs: jobs) { job in
            Result { () throws(LayoutError) in
                // Under --strict every photo a frame lays out must read: none is left out.
                let planned = try job.plans()
                let plans =
                    strict ? planned : HiddenPhotos.dropped(from: planned, style: job.scene.style, opaque: opaque)
                let split = frameCache.map {
                    CacheSplit(
                        job, plans, cache: $0, sync: served, strict: strict, alreadyThere: alreadyThere,
                        onFrame: onFrame)
                }
                return (job: job, plans: plans, split: split)
            }
        }
        var planned: [(job: RenderJob, plans: [FramePlan], split: CacheSplit?)] = []
        for (job, outcome) in zip(work, outcomes) {
            switch outcome {
            case .success(let entry): planned.append(entry)
            case .failure(let error):
                report.scenes.append(.init(name: job.name, frameCount: job.files.count, failures: [.layout(error)]))
            }
        }
        var unsynced: FileError?
        if durable { do throws(FileError) { try served.flush() } catch { unsynced = error } }
        // What is left to render once the frame cache has served what it holds.
        let rest = planned.map { job, plans, split in split.map(\.rest) ?? (job, plans) }
        let cache = PhotoCache(
            plans: rest.compactMap { $0 }.flatMap { job, plans in
                plans.indices.map { (plans[$0], job.decodeScene(ofFrame: $0)) }
            }, capacityBytes: cacheBytes, given: given, jobs: jobs)
        let run = JobRun(
            cache: cache, announcer: ProblemAnnouncer(onProblem), jobs: jobs, strict: strict, onFrame: onFrame)
        for ((job, _, split), rest) in zip(planned, rest) {
            var (frames, scene) = rest.map { run.run($0.job, $0.plans) } ?? ([], .init(name: job.name, frameCount: 0))
            if let split, let frameCache {
                let finished = split.finish(rendered: frames, cache: frameCache, unsynced: unsynced)
                frames = finished.frames
                scene.failures += finished.failures
                scene.frameCount = job.files.count
            }
            report.frames += frames
            report.scenes.append(scene)
        }
        frameCache?.trim()
        report.decodeCount = cache.decodeCount
        report.problems = cache.problems
        report.seconds = Date().timeIntervalSince(start)
        return report
    }

    /// A frame in progress holds about 24 bytes a pixel (the Float canvas, its 8-bit copy, the PNG):
    /// frames run side by side only as far as 1 GiB allows, so memory stays bounded whatever --jobs is.
    static func framesInFlight(_ size: PixelSize) -> Int {
        max(1, (1 << 30) / max(1, size.width * size.height * 24))
    }
}
