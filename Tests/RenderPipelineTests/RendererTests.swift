import Foundation
import GalleryLayout
import ImageCodecs
import Raster
import RenderPipeline
import TestSupport
import Testing

@Suite struct RendererTests {
    static let fixtures = (1...12).map {
        Corpus.repositoryRoot.appendingPathComponent("Fixtures/photos/\($0).jpg").path
    }

    static func scroll(_ folder: TemporaryFolder, name: String) -> RenderJob {
        let scene = Scene(
            gallery: Gallery(style: .line(LineLayout()), viewport: Size(width: 375, height: 200), itemCount: 12),
            displayScale: 1, photos: fixtures)
        let offsets = Array(stride(from: 0.0, through: 1020, by: 51))
        return RenderJob(
            name: name, scene: scene, frames: .offsets(offsets),
            output: .stills(offsets.indices.map { folder.file("\(name)/\($0).png") }))
    }

    /// The photos a job's frames show.
    static func shown(_ job: RenderJob) throws -> Set<String> {
        Set(try job.files.flatMap { try FramePlan(scene: job.scene, offset: $0.offset).items.compactMap(\.photo) })
    }

    @Test func aScrollDecodesEachPhotoOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let job = Self.scroll(folder, name: "scroll")
        let report = Renderer(jobs: 2).run([job])
        #expect(report.frames.count == 21)
        #expect(report.failedScenes.isEmpty)
        // Offsets 0…1020 show items 0–7 (at 1020, item 6 is centred): eight photos, each decoded once.
        #expect(try Self.shown(job).count == 8)
        #expect(report.decodeCount == 8)
    }

    @Test func aTinyCacheStillRendersTheSameFrames() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let roomy = Renderer(jobs: 2).run([Self.scroll(folder, name: "roomy")])
        // One frame at a time, so a photo is idle, and evicted, between the frames that use it (with
        // two, consecutive frames can hold it throughout, and whether it is ever idle is timing).
        let tight = Renderer(jobs: 1, cacheBytes: 1).run([Self.scroll(folder, name: "tight")])
        #expect(roomy.decodeCount == 8)
        #expect(tight.decodeCount > 8)  // evicted between uses, decoded again
        for index in [0, 7, 20] {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: folder.file("roomy/\(index).png")))
                    == Data(contentsOf: URL(fileURLWithPath: folder.file("tight/\(index).png"))))
        }
    }

    @Test func outputIsTheSameWhateverTheJobs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = Renderer(jobs: 1).run([Self.scroll(folder, name: "one")])
        _ = Renderer(jobs: 5).run([Self.scroll(folder, name: "five")])
        for index in 0..<21 {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: folder.file("one/\(index).png")))
                    == Data(contentsOf: URL(fileURLWithPath: folder.file("five/\(index).png"))))
        }
    }

    @Test func strictSceneWithAnUnreadablePhotoFailsAloneAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let broken = try folder.write(Array("not a photo".utf8), to: "broken.jpg")
        var bad = Self.scroll(folder, name: "bad")
        bad.scene.photos = [broken] + Self.fixtures
        let good = Self.scroll(folder, name: "good")
        let report = Renderer(jobs: 2, strict: true).run([bad, good])
        #expect(report.failedScenes.map(\.name) == ["bad"])
        // The failure is typed: the unreadable photo, with the decoder's own error.
        guard case .unreadablePhotos(let problems)? = report.failedScenes.first?.failures.first else {
            Issue.record("expected unreadable photos, got \(String(describing: report.failedScenes.first?.failures))")
            return
        }
        #expect(problems.map(\.path) == [broken])
        #expect(problems.first?.kind == .error(.unrecognizedFormat))
        #expect(!FileManager.default.fileExists(atPath: folder.file("bad")))
        #expect(report.frames.count == 21)
    }
}

@Suite struct ShardPlannerTests {
    @Test func shardsAreDisjointCompleteDeterministicAndBalanced() {
        let costs: [Double] = [1, 41, 1, 61, 3, 3, 1, 20, 20, 1]
        for shards in 1...5 {
            let assignment = ShardPlanner.assign(costs: costs, shards: shards)
            #expect(assignment == ShardPlanner.assign(costs: costs, shards: shards))
            #expect(assignment.count == costs.count)
            #expect(assignment.allSatisfy { (0..<shards).contains($0) })
            let loads = (0..<shards).map { shard in
                zip(costs, assignment).filter { $0.1 == shard }.reduce(0) { $0 + $1.0 }
            }
            #expect(loads.reduce(0, +) == costs.reduce(0, +))
            // List scheduling: no shard carries more than the mean plus the largest scene.
            #expect(loads.max() ?? 0 <= costs.reduce(0, +) / Double(shards) + 61, "\(loads)")
        }
    }

    @Test func largestFirstToTheLeastLoadedShard() {
        // 40 → shard 0; then each 10 to shard 1 (10, 20, 30 < 40): 40 | 40.
        #expect(ShardPlanner.assign(costs: [40, 10, 10, 10, 10], shards: 2) == [0, 1, 1, 1, 1])
        // Order 5 (#1), 5 (#2), 3 (#0), 2 (#3): #1 → 0 (5|0); #2 → 1 (5|5); #0 → 0 at the tie (8|5);
        // #3 → 1 (8|7).
        #expect(ShardPlanner.assign(costs: [3, 5, 5, 2], shards: 2) == [0, 0, 1, 1])
        // Counting scenes would put 61 and 20 together; costs keep 61 alone against 41 + 20 + ….
        #expect(ShardPlanner.assign(costs: [41, 61, 20, 20], shards: 2) == [1, 0, 1, 0])
    }

    @Test func equalCostsGoInManifestOrderToTheLowerShard() {
        #expect(ShardPlanner.assign(costs: [1, 1, 1, 1], shards: 3) == [0, 1, 2, 0])
        #expect(ShardPlanner.assign(costs: [], shards: 3) == [])
    }

    @Test func costsThatAreNotNumbersCountAsNothing() {
        // NaN, infinity and negatives cost 0: 7 → 0, then 0s to shard 1 (0 < 7), in manifest order.
        #expect(ShardPlanner.assign(costs: [.nan, 7, -.infinity, .infinity], shards: 2) == [1, 0, 1, 1])
    }
}
