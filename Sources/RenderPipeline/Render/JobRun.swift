import Foundation
import GalleryCore
import ImageCodecs

/// One job through the render loop: the strict probe, then its frames `inFlight` at a time, each
/// acquiring, recording and releasing its photos the one way, handed in order to the job's sink.
struct JobRun: Sendable {
    let cache: PhotoCache
    let announcer: ProblemAnnouncer
    let jobs: Int
    let strict: Bool
    let onFrame: @Sendable () -> Void

    typealias Outcome = (frames: [RenderReport.FrameRecord], scene: RenderReport.SceneRecord)

    /// Renders `job`, planned as `plans`: the files it wrote and its record.
    func run(_ job: RenderJob, _ plans: [FramePlan]) -> Outcome {
        announcer.startScene()
        let began = Date()
        let keys = plans.indices.map { index in
            plans[index].items.compactMap { $0.photo.map(job.decodeScene(ofFrame: index).photoKey) }
        }
        if strict, let problems = probe(Set(keys.joined())) {
            for key in keys.joined() { cache.skip(key) }
            return ([], .init(name: job.name, frameCount: job.files.count, failures: [.unreadablePhotos(problems)]))
        }
        let size = job.scene.pixelSize
        let inFlight = plans.count > 1 ? min(jobs, Renderer.framesInFlight(size)) : 1
        let frames = FrameLoop(
            job: job, plans: plans, cache: cache, announcer: announcer, inFlight: inFlight,
            threadsPerFrame: max(1, jobs / inFlight))
        switch job.output {
        case .stills(let paths):
            let sink = StillsSink(
                paths: paths, colorSpace: job.scene.colorSpace, threadsPerFrame: frames.threadsPerFrame,
                pending: min(4, Renderer.framesInFlight(size)), written: onFrame)
            return stills(job, frames.render(into: sink), sink: sink)
        case .animation(let path, let file):
            let failure: FrameFailure?, result: FrameLoop.Result
            do throws(FrameSinkError) {
                var sink = try Self.sink(file, path: path, scene: job.scene, frameCount: plans.count, jobs: inFlight)
                result = frames.render(into: &sink, onFrame: onFrame)
                failure = result.failures.values.first
                if failure == nil { try sink.finish() }
            } catch {
                return (
                    [],
                    .init(
                        name: job.name, frameCount: 1, failures: [FrameFailure.sink(error).sceneFailure(output: path)])
                )
            }
            if let failure {
                return ([], .init(name: job.name, frameCount: 1, failures: [failure.sceneFailure(output: path)]))
            }
            let record = RenderReport.FrameRecord(
                scene: job.name, output: path, offset: job.files.first?.offset ?? 0,
                renderedOffset: plans.first?.layout.offset ?? 0, seconds: Date().timeIntervalSince(began),
                warnings: PhotoProblem.sorted(Array(Set(result.problems.values.joined()))))
            return ([record], .init(name: job.name, frameCount: 1))
        case .memory:
            var sink = MemorySink()
            let result = frames.render(into: &sink, onFrame: onFrame)
            let failures = result.failures.values.first.map { [$0.sceneFailure(output: job.name)] } ?? []
            return ([], .init(name: job.name, frameCount: 0, failures: failures, images: sink.images))
        }
    }

    /// The records of a job of stills: one per file written, one failure per file that was not.
    private func stills(_ job: RenderJob, _ result: FrameLoop.Result, sink: StillsSink) -> Outcome {
        var failures = result.failures
        let written = sink.finish()
        failures.merge(written.failures.mapValues(FrameFailure.sink)) { first, _ in first }
        var records: [RenderReport.FrameRecord] = []
        for (index, file) in job.files.enumerated() where failures[index] == nil {
            records.append(
                .init(
                    scene: job.name, output: file.path, offset: file.offset,
                    renderedOffset: result.offsets[index] ?? file.offset,
                    seconds: (result.seconds[index] ?? 0) + (written.encodeSeconds[index] ?? 0),
                    warnings: result.problems[index] ?? []))
        }
        let failed = failures.sorted { $0.key < $1.key }.map { index, error in
            error.sceneFailure(output: job.files[index].path)
        }
        return (records, .init(name: job.name, frameCount: job.files.count, failures: failed))
    }

    /// The sink of an animation file.
    private static func sink(
        _ file: RenderJob.AnimationFile, path: String, scene: Scene, frameCount: Int, jobs: Int
    ) throws(FrameSinkError) -> any FrameSink {
        switch file.format {
        case .apng:
            try APNGSink(
                to: path, fps: file.fps, loops: file.loops, alpha: scene.background.a < 255, frameCount: frameCount,
                colorSpace: scene.colorSpace, jobs: jobs)
        case .webp(let quality):
            try WebPSink(
                to: path, size: scene.pixelSize, fps: file.fps, loops: file.loops, quality: quality,
                colorSpace: scene.colorSpace)
        }
    }

    /// Reads every photo of a job before any of its frames is written; the problems, or nil.
    private func probe(_ keys: Set<PhotoKey>) -> [PhotoProblem]? {
        let sorted = keys.sorted { $0.path < $1.path }
        // One photo at a time per worker, so the probe stays within the cache's cap.
        _ = Parallel.map(sorted, jobs: jobs) { key in
            cache.acquire(key, consumingUse: false).end()
        }
        let problems = cache.problems
        announcer.announce(problems)
        let paths = Set(keys.map(\.path))
        let bad = PhotoProblem.sorted(problems.filter { paths.contains($0.path) })
        return bad.isEmpty ? nil : bad
    }
}
