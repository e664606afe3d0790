import Foundation
import GalleryCore
import ImageCodecs
import Raster

/// A job's frames rendered `inFlight` at a time with photos from the run's cache, each releasing
/// its photos after its frame, and handed in order to a sink.
struct FrameLoop: Sendable {
    let job: RenderJob
    let plans: [FramePlan]
    let cache: PhotoCache
    let announcer: ProblemAnnouncer
    let inFlight: Int
    let threadsPerFrame: Int
    /// 3D items' pyramids, kept from frame to frame of the job.
    let pyramids = PyramidCache<PhotoKey>()

    /// What the frames did, by frame index.
    struct Result {
        var failures: [Int: FrameFailure] = [:]
        var problems: [Int: [PhotoProblem]] = [:]
        var seconds: [Int: Double] = [:]
        /// The offset each frame shows (after clamping and snapping).
        var offsets: [Int: Double] = [:]

        mutating func record(_ index: Int, _ problems: [PhotoProblem], _ seconds: Double, offset: Double) {
            (self.problems[index], self.seconds[index], offsets[index]) = (problems, seconds, offset)
        }
    }

    /// Renders every frame into `sink`, in order, `inFlight` at a time, calling `onFrame` after each is
    /// handed on; stops at the first failure (the sink's output cannot be made without the frame).
    func render(into sink: inout some FrameSink, onFrame: () -> Void) -> Result {
        var result = Result()
        for start in stride(from: 0, to: plans.count, by: inFlight) {
            let chunk = Array(start..<min(start + inFlight, plans.count))
            let frames = Parallel.map(chunk, jobs: inFlight) { index in render(index) }
            for (index, frame) in zip(chunk, frames) {
                announcer.announce(frame.problems, frame: index)
                result.record(index, frame.problems, frame.seconds, offset: plans[index].layout.offset)
            }
            for (index, frame) in zip(chunk, frames) {
                do throws(FrameFailure) {
                    let image = try frame.image.get()
                    do throws(FrameSinkError) { try sink.append(image, index: index) } catch { throw .sink(error) }
                    onFrame()
                } catch {
                    result.failures[index] = error
                    return result
                }
            }
        }
        return result
    }

    /// Renders every frame into `sink`, `inFlight` at a time, each handed over by the worker that
    /// rendered it as soon as it is done, in any order (no worker waits for another's frame); a frame
    /// that fails fails alone.
    func render(into sink: StillsSink) -> Result {
        let frames = Parallel.map(Array(plans.indices), jobs: inFlight) { index in
            let frame = render(index)
            announcer.announce(frame.problems, frame: index)
            var failure: FrameFailure?
            switch frame.image {
            case .success(let image): sink.take(image, index: index)
            case .failure(let error):
                failure = error
                sink.skip(index: index)
            }
            return (frame.problems, frame.seconds, failure)
        }
        var result = Result()
        for (index, frame) in frames.enumerated() {
            result.record(index, frame.0, frame.1, offset: plans[index].layout.offset)
            result.failures[index] = frame.2
        }
        return result
    }

    /// Frame `index`, and the problems of the photos it shows.
    private func render(_ index: Int) -> (
        image: Swift.Result<RGBAImage, FrameFailure>, problems: [PhotoProblem], seconds: Double
    ) {
        let began = Date()
        if let work = ShadowWork.excess(of: plans[index]) { return (.failure(.shadows(work)), [], 0) }
        let photoKey = job.decodeScene(ofFrame: index).photoKeys
        let used = UsedPhotos()
        let (cache, threads, pyramids) = (cache, threadsPerFrame, pyramids)
        // Photos are fetched from inside the renderer, so a frame's decodes run in parallel with
        // each other and with the resampling of items already decoded.
        let image = Swift.Result { () throws(FrameFailure) in
            do throws(OutOfMemory) {
                return try FrameRenderer(scene: job.scene).render(
                    plans[index], jobs: threads, prefetch: { used.reserve(cache.prefetch(photoKey($0))) },
                    pyramids: { PyramidSource(cache: pyramids, photo: photoKey($0)) }
                ) { path in
                    (try? used.fetch(photoKey(path), from: cache).get()).map(PhotoPart.init)
                }
            } catch { throw .memory(error) }
        }
        used.end()
        // A photo that memory could not be had for fails the frame rather than showing as a
        // placeholder: what a frame shows never depends on what else ran beside it (found by review:
        // --jobs 2 under a ulimit gave other bytes than --jobs 1, and exit 0).
        // Every such photo is left out of the warnings (none was drawn as a placeholder); the first
        // names the failure.
        let problems = used.problems
        let starved = problems.filter { $0.outOfMemory != nil }
        let others = problems.filter { $0.outOfMemory == nil }
        if let first = starved.first, let error = first.outOfMemory {
            var failure = FrameFailure.memory(error, photo: first.path)
            if case .failure(let own) = image { failure = own }
            return (.failure(failure), others, Date().timeIntervalSince(began))
        }
        return (image, problems, Date().timeIntervalSince(began))
    }
}

/// Why one frame did not reach its output.
enum FrameFailure: Error, Sendable {
    /// Memory ran out: for the frame, or for decoding `photo`.
    case memory(OutOfMemory, photo: String? = nil)
    case sink(FrameSinkError)
    /// The frame's shadows would paint too much (`ShadowWork`).
    case shadows(ShadowWork)

    /// As its job's failure, for `output`.
    func sceneFailure(output: String) -> SceneFailure {
        switch self {
        case .memory(let error, let photo): .memory(output: output, photo: photo, error)
        case .sink(.encode(let error)): .encode(output: output, error)
        case .sink(.write(let error)): .write(error)
        case .shadows(let work): .shadows(output: output, work)
        }
    }
}
