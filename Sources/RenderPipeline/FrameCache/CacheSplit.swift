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

    /// One file of the job as the cache sees it: where it goes, the plans it shows, its key and
    /// the cached bytes when the cache holds them.
    private struct Lookup {
        var index: Int
        var path: String
        var offset: Double
        var plans: [FramePlan]
        var key: FrameKey?
        var file: [UInt8]?
    }

    /// Serves what `cache` holds of `job`, planned as `plans`: a still's file for each offset, an
    /// animation's whole; the files served are synced together by `sync`'s flush. Under `strict`, a
    /// job is served whole or not at all: its photos are then all read before any of its files is
    /// written, as without the cache. A file `alreadyThere` says is where it is going is recorded
    /// without being written. `onFrame` hears each frame served.
    init(
        _ job: RenderJob, _ plans: [FramePlan], cache: FrameCache, sync: DeferredSync, strict: Bool,
        alreadyThere: (@Sendable (String, [UInt8]) -> Bool)? = nil, onFrame: @Sendable () -> Void
    ) {
        rest = (job, plans)
        for (index, file) in job.files.enumerated() { order[file.path] = index }
        var lookups = Self.files(of: job, plans)
        for index in lookups.indices {
            let lookup = lookups[index]
            lookups[index].key = FrameKey.make(
                job: job, identity: cache.identity, plans: lookup.plans, offset: lookup.offset, digests: cache.digests)
            guard let key = lookups[index].key, lookup.path != "-", let first = lookup.plans.first else { continue }
            lookups[index].file = cache.file(key, size: first.frameSize, frames: lookup.plans.count)
        }
        if strict, lookups.contains(where: { $0.file == nil }) { lookups.indices.forEach { lookups[$0].file = nil } }
        var kept: [Int] = []
        for lookup in lookups {
            if let file = lookup.file, serve(file, lookup, job: job, sync: sync, alreadyThere: alreadyThere) {
                for _ in lookup.plans { onFrame() }
            } else {
                kept.append(lookup.index)
                if let key = lookup.key { keys[lookup.path] = key }
            }
        }
        guard kept.count < lookups.count else { return }
        rest = kept.isEmpty ? nil : Self.smaller(job, plans, keeping: kept)
    }

    /// The job's files: each still with its plan, or the animation with all of them; none for a job
    /// the cache does not take (frames named by a pattern, kept in memory).
    private static func files(of job: RenderJob, _ plans: [FramePlan]) -> [Lookup] {
        switch (job.frames, job.output) {
        case (.offsets(let offsets), .stills(let paths)):
            plans.indices.map { Lookup(index: $0, path: paths[$0], offset: offsets[$0], plans: [plans[$0]]) }
        case (.motion(_, let offset), .animation(let path, _)):
            [Lookup(index: 0, path: path, offset: offset, plans: plans)]
        default: []
        }
    }

    /// `job` with only the stills at `kept` (an animation is never split).
    private static func smaller(_ job: RenderJob, _ plans: [FramePlan], keeping kept: [Int]) -> (RenderJob, [FramePlan])
    {
        guard case .offsets(let offsets) = job.frames, case .stills(let paths) = job.output else { return (job, plans) }
        var smaller = job
        smaller.frames = .offsets(kept.map { offsets[$0] })
        smaller.output = .stills(kept.map { paths[$0] })
        return (smaller, kept.map { plans[$0] })
    }

    /// Writes a cached file to its path, unless `alreadyThere` says it is there, and records it;
    /// false when it cannot be written (rendering then says why).
    private mutating func serve(
        _ file: [UInt8], _ lookup: Lookup, job: RenderJob, sync: DeferredSync,
        alreadyThere: ((String, [UInt8]) -> Bool)?
    ) -> Bool {
        if alreadyThere?(lookup.path, file) != true {
            do throws(FileError) { try AtomicFile.write(file, to: lookup.path, sync: sync) } catch { return false }
        }
        served.append(
            .init(
                scene: job.name, output: lookup.path, offset: lookup.offset,
                renderedOffset: lookup.plans.first?.layout.offset ?? lookup.offset, seconds: 0, warnings: [],
                cached: true))
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
