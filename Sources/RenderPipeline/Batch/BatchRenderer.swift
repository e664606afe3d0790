import GalleryCore
import GalleryLayout
import Foundation
import ImageCodecs
import Raster

/// Renders many frames of many scenes: plans them all, decodes each photo once through a bounded
/// cache, renders frames in parallel, encodes and writes each atomically (an animated scene's frames
/// as one APNG).
///
/// Scenes run one after another, their frames in parallel (a single frame parallelises over its
/// items). Under `strict`, a scene whose photos cannot all be read fails before any of its frames is
/// written; other scenes still render. Output is identical whatever `jobs` is.
public struct BatchRenderer: Sendable {
    public var jobs: Int
    public var strict: Bool
    public var cacheBytes: Int

    /// The decoded-photo cache's capacity when none is given: 512 MiB.
    public static let defaultCacheBytes = 512 << 20

    public init(jobs: Int, strict: Bool = false, cacheBytes: Int = defaultCacheBytes) {
        self.jobs = max(1, jobs)
        self.strict = strict
        self.cacheBytes = cacheBytes
    }

    /// Runs `batch`. `onProblem` hears each photo problem once, frame by frame in the frames' order
    /// (ProblemAnnouncer: the same order whatever the timing or `jobs`); `onFrame` after each frame.
    public func run(
        _ batch: [BatchJob], onProblem: @escaping @Sendable (PhotoProblem) -> Void = { _ in },
        onFrame: @escaping @Sendable () -> Void = {}
    ) -> BatchReport {
        let start = Date()
        var report = BatchReport()
        var planned: [(job: BatchJob, plans: [FramePlan])] = []
        for job in batch {
            if let animation = job.animation {
                planned.append((job, animation.plans))
                continue
            }
            do {
                planned.append((job, try Self.plan(job)))
            } catch {
                report.scenes.append(.init(name: job.name, frameCount: job.frames.count, failures: [.layout(error)]))
            }
        }
        let cache = PhotoCache(
            plans: planned.flatMap { entry in
                entry.plans.enumerated().map { index, plan in
                    (
                        plan,
                        entry.job.animation?.renderer(in: entry.job.scene, jobs: 1).decodeScene(ofFrame: index)
                            ?? entry.job.scene
                    )
                }
            }, capacityBytes: cacheBytes, jobs: jobs)
        let announcer = ProblemAnnouncer(onProblem)

        for (job, plans) in planned {
            announcer.startScene()
            let uses = plans.enumerated().map { index, plan in
                let scene = job.animation?.renderer(in: job.scene, jobs: 1).decodeScene(ofFrame: index) ?? job.scene
                return plan.items.compactMap { $0.photo.map(scene.photoKey) }
            }
            if strict, let failure = probe(Set(uses.joined()), cache: cache, announcer: announcer) {
                for key in uses.joined() { cache.skip(key) }
                report.scenes.append(
                    .init(name: job.name, frameCount: plans.count, failures: [.unreadablePhotos(failure)]))
                continue
            }
            let renderer = FrameRenderer(scene: job.scene)
            if case .animation(let animation, let output) = job.output {
                let (record, failure) = renderAnimation(
                    job, animation, to: output, cache: cache, announcer: announcer)
                report.frames += record.map { [$0] } ?? []
                onFrame()
                report.scenes.append(.init(name: job.name, frameCount: 1, failures: failure.map { [$0] } ?? []))
                continue
            }
            let itemJobs = plans.count > 1 ? 1 : jobs
            let frameJobs = plans.count > 1 ? min(jobs, Self.framesInFlight(job.scene.pixelSize)) : 1
            // Encoded frames waiting to be written count against the same memory bound as frames in
            // progress.
            let writer = FrameWriter(limit: min(4, Self.framesInFlight(job.scene.pixelSize)))
            var outcomes = Parallel.map(Array(zip(job.frames, plans).enumerated()), jobs: frameJobs) {
                index, framePlan in
                let (frame, plan) = framePlan
                let began = Date()
                // Photos are fetched from inside the renderer, so a frame's decodes run in parallel
                // with each other and with the resampling of items already decoded.
                let used = UsedPhotos()
                var failure: SceneFailure?
                var png: [UInt8]?
                do throws(OutOfMemory) {
                    let prefetch = { @Sendable (path: String) in cache.prefetch(job.scene.photoKey(path)) }
                    let image = try renderer.render(plan, jobs: itemJobs, prefetch: prefetch) { path in
                        let key = job.scene.photoKey(path)
                        let result = cache.acquire(key)
                        used.record(key, result)
                        return (try? result.get()).map(PhotoPart.init)
                    }
                    do throws(EncodeError) {
                        png = try PNGEncoder.encode(image, jobs: itemJobs, colorSpace: job.scene.colorSpace)
                    } catch {
                        failure = .encode(output: frame.output, error)
                    }
                } catch {
                    failure = .memory(output: frame.output, error)
                }
                announcer.announce(used.problems, frame: index)
                for key in used.keys { cache.release(key) }
                let record = BatchReport.FrameRecord(
                    scene: job.name, output: frame.output, offset: frame.offset, renderedOffset: plan.layout.offset,
                    seconds: Date().timeIntervalSince(began), warnings: used.problems)
                if let png {
                    writer.write(png, to: frame.output, index: index) { onFrame() }
                } else {
                    onFrame()
                }
                return (record, failure)
            }
            for (index, error) in writer.finish() where outcomes[index].1 == nil { outcomes[index].1 = .write(error) }
            report.frames += outcomes.filter { $0.1 == nil }.map(\.0)
            let failures = outcomes.compactMap(\.1)
            report.scenes.append(
                .init(name: job.name, frameCount: plans.count, failures: failures))
        }
        report.decodeCount = cache.decodeCount
        report.problems = cache.problems
        report.seconds = Date().timeIntervalSince(start)
        return report
    }

    /// Renders an animated scene's frames, as many at once as memory allows, and writes them as one
    /// APNG, atomically: the record of the file, or why it failed.
    private func renderAnimation(
        _ job: BatchJob, _ animation: BatchJob.Animation, to output: BatchJob.Frame, cache: PhotoCache,
        announcer: ProblemAnnouncer
    ) -> (BatchReport.FrameRecord?, SceneFailure?) {
        let began = Date()
        let plans = animation.plans
        let inFlight = min(jobs, Self.framesInFlight(job.scene.pixelSize))
        let motion = animation.renderer(in: job.scene, jobs: inFlight)
        // Frames go to the file's temporary as they are encoded, so memory stays bounded; returning
        // early drops the temporary.
        var sink: APNGSink
        do throws(FrameSinkError) {
            sink = try APNGSink(
                to: output.output, fps: animation.fps, loops: animation.loops, alpha: job.scene.background.a < 255,
                frameCount: plans.count, colorSpace: job.scene.colorSpace, jobs: inFlight)
        } catch {
            return (nil, Self.failure(error, output: output.output))
        }
        let problems = Locked<[Int: [PhotoProblem]]>([:])
        for start in stride(from: 0, to: plans.count, by: inFlight) {
            let chunk = Array(start..<min(start + inFlight, plans.count))
            let images = motion.render(chunk, of: plans, cache: cache, problems: problems)
            for index in chunk { announcer.announce(problems.withLock { $0[index] ?? [] }, frame: index) }
            for (index, image) in zip(chunk, images) {
                switch image {
                case .failure(let error): return (nil, .memory(output: output.output, error))
                case .success(let image):
                    do throws(FrameSinkError) { try sink.append(image, index: index) } catch {
                        return (nil, Self.failure(error, output: output.output))
                    }
                }
            }
        }
        do throws(FrameSinkError) { try sink.finish() } catch {
            return (nil, Self.failure(error, output: output.output))
        }
        let warnings = PhotoProblem.sorted(Array(problems.withLock { Set($0.values.joined()) }))
        return (
            BatchReport.FrameRecord(
                scene: job.name, output: output.output, offset: output.offset,
                renderedOffset: plans.first?.layout.offset ?? output.offset, seconds: Date().timeIntervalSince(began),
                warnings: warnings),
            nil
        )
    }

    /// A sink's failure as the scene's.
    private static func failure(_ error: FrameSinkError, output: String) -> SceneFailure {
        switch error {
        case .encode(let error): .encode(output: output, error)
        case .write(let error): .write(error)
        }
    }

    /// A frame in progress holds about 24 bytes a pixel (the Float canvas, its 8-bit copy, the PNG):
    /// frames run side by side only as far as 1 GiB allows, so memory stays bounded whatever --jobs is.
    static func framesInFlight(_ size: PixelSize) -> Int {
        max(1, (1 << 30) / max(1, size.width * size.height * 24))
    }

    private static func plan(_ job: BatchJob) throws(LayoutError) -> [FramePlan] {
        var plans: [FramePlan] = []
        for frame in job.frames { plans.append(try FramePlan(scene: job.scene, offset: frame.offset)) }
        return plans
    }

    /// Reads every photo of a scene before any of its frames is written; the problems, or nil.
    private func probe(_ keys: Set<PhotoKey>, cache: PhotoCache, announcer: ProblemAnnouncer) -> [PhotoProblem]? {
        let sorted = keys.sorted { $0.path < $1.path }
        // One photo at a time per worker, so the probe stays within the cache's cap.
        _ = Parallel.map(sorted, jobs: jobs) { key in
            _ = cache.acquire(key)
            cache.release(key, consumingUse: false)
        }
        let problems = cache.problems
        announcer.announce(problems)
        let paths = Set(keys.map(\.path))
        let bad = PhotoProblem.sorted(problems.filter { paths.contains($0.path) })
        return bad.isEmpty ? nil : bad
    }
}
