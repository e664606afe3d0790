import GalleryCore
import GalleryLayout

/// A job's files split by the frame cache: those it held, already written, and the job that renders
/// the rest (nil when none is left), with the key each of those files is kept under once rendered.
struct CacheSplit: Sendable {
    var served: [RenderReport.FrameRecord] = []
    var rest: (job: RenderJob, plans: [FramePlan])?
    var keys: [String: FrameKey] = [:]
    /// Each file's place in the job, for putting served and rendered records back in order.
    var order: [String: Int] = [:]

    /// Serves what `cache` holds of `job`, planned as `plans`: a still's file for each offset, an
    /// animation's whole. `onFrame` hears each frame served.
    /// The files served are synced together by `sync`'s flush.
    init(
        _ job: RenderJob, _ plans: [FramePlan], cache: FrameCache, sync: DeferredSync, onFrame: @Sendable () -> Void
    ) {
        rest = (job, plans)
        for (index, file) in job.files.enumerated() { order[file.path] = index }
        switch (job.frames, job.output) {
        case (.offsets(let offsets), .stills(let paths)):
            var kept: [Int] = []
            for index in plans.indices {
                let offset = offsets[index]
                guard
                    let key = FrameKey.make(
                        job: job, identity: cache.identity, plans: [plans[index]], offset: offset,
                        digests: cache.digests)
                else {
                    kept.append(index)
                    continue
                }
                if serve(key, to: paths[index], plan: plans[index], offset: offset, job: job, cache: cache, sync: sync)
                {
                    onFrame()
                } else {
                    keys[paths[index]] = key
                    kept.append(index)
                }
            }
            guard kept.count < plans.count else { return }
            var smaller = job
            smaller.frames = .offsets(kept.map { offsets[$0] })
            smaller.output = .stills(kept.map { paths[$0] })
            rest = kept.isEmpty ? nil : (smaller, kept.map { plans[$0] })
        case (.motion(_, let offset), .animation(let path, _)):
            guard
                let key = FrameKey.make(
                    job: job, identity: cache.identity, plans: plans, offset: offset, digests: cache.digests)
            else { return }
            guard let first = plans.first,
                serve(key, to: path, plan: first, offset: offset, job: job, cache: cache, sync: sync)
            else {
                keys[path] = key
                return
            }
            for _ in plans { onFrame() }
            rest = nil
        default: return
        }
    }

    /// Writes the cached file for `key` to `path` and records it; false when the cache has none (or
    /// the file cannot be written: rendering then says why).
    private mutating func serve(
        _ key: FrameKey, to path: String, plan: FramePlan, offset: Double, job: RenderJob, cache: FrameCache,
        sync: DeferredSync
    ) -> Bool {
        guard path != "-", let file = cache.file(key, size: plan.frameSize) else { return false }
        do throws(FileError) { try AtomicFile.write(file, to: path, sync: sync) } catch { return false }
        served.append(
            .init(
                scene: job.name, output: path, offset: offset, renderedOffset: plan.layout.offset, seconds: 0,
                warnings: [], cached: true))
        return true
    }

    /// The job's records: the served and the rendered, in the job's order. Each rendered file without
    /// warnings is stored (a frame that warned renders again next time, and warns again).
    /// A served file that did not reach the disk (`flush` failed) is a failure of the scene instead.
    func finish(rendered: [RenderReport.FrameRecord], cache: FrameCache, unsynced: FileError?) -> (
        frames: [RenderReport.FrameRecord], failures: [SceneFailure]
    ) {
        for record in rendered where record.warnings.isEmpty {
            guard let key = keys[record.output],
                let file = try? RegularFile.contents(atPath: record.output, limit: cache.capacityBytes)
            else { continue }
            cache.store(key, file: file)
        }
        let kept = unsynced == nil ? served : []
        let failures = unsynced.map { error in served.map { _ in SceneFailure.write(error) } } ?? []
        return ((kept + rendered).sorted { (order[$0.output] ?? 0) < (order[$1.output] ?? 0) }, failures)
    }
}
