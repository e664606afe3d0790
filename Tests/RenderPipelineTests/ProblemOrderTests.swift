import Foundation
import GalleryCore
import GalleryLayout
import ImageCodecs
import RenderPipeline
import TestSupport
import Testing

/// Photo problems are heard in the same order on every run and with any number of jobs: frame by
/// frame, each frame's in the folder's order, each problem once (a review found the order of
/// warnings, and of --strict's errors, changing from run to run).
@Suite struct ProblemOrderTests {
    /// A scroll over twelve photos of which six are damaged: three cut short (a warning each, found
    /// late in a decode) and three not photos at all (an error each, found at once). The first frame
    /// shows two of them, fetched side by side.
    static func scroll(in folder: TemporaryFolder) throws -> RenderJob {
        var photos: [String] = []
        for (index, fixture) in RendererTests.fixtures.enumerated() {
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture)))
            if [0, 5, 9].contains(index) { bytes = Array(bytes.prefix(bytes.count / 2)) }
            if [1, 2, 6].contains(index) { bytes = Array("not a photo".utf8) }
            photos.append(try folder.write(bytes, to: "photo-\(index).jpg"))
        }
        var job = RendererTests.scroll(folder, name: "scroll")
        job.scene.photos = photos
        return job
    }

    /// The paths of the problems `job` announces, in the order heard, run on `jobs` threads.
    static func heard(_ job: RenderJob, jobs: Int) -> [String] {
        let heard = Locked<[String]>([])
        _ = Renderer(jobs: jobs).run([job], onProblem: { problem in heard.withLock { $0.append(problem.path) } })
        return heard.withLock { $0 }
    }

    @Test func warningsComeFrameByFrameWhateverTheJobs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let job = try Self.scroll(in: folder)
        // Worked out from the layout alone: each frame's photos in path order, the first time shown.
        var expected: [String] = []
        for file in job.files {
            let shown = try FramePlan(scene: job.scene, offset: file.offset).items.compactMap(\.photo)
            for path in Set(shown).sorted() where !expected.contains(path) && path.contains("photo-") {
                let index = Int(path.split(separator: "-").last?.split(separator: ".").first ?? "") ?? -1
                if [0, 1, 2, 5, 6, 9].contains(index) { expected.append(path) }
            }
        }
        #expect(expected.count == 5, "the scroll shows photos 0, 1, 2, 5 and 6 but not 9")
        for jobs in [1, 2, 5, 2, 5] {
            #expect(Self.heard(job, jobs: jobs) == expected, "jobs \(jobs)")
        }
    }

    /// One frame: its items' photos are fetched side by side, and their problems still come sorted.
    @Test func oneFramesWarningsComeSorted() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var job = try Self.scroll(in: folder)
        (job.frames, job.output) = (.offsets([0]), .stills([folder.file("one.png")]))
        let shown = try FramePlan(scene: job.scene, offset: 0).items.compactMap(\.photo)
        let expected = Set(shown).sorted().filter { path in
            ["photo-0.jpg", "photo-1.jpg", "photo-2.jpg"].contains { path.hasSuffix("/" + $0) }
        }
        #expect(expected.count == 2, "the first frame shows photos 0 and 1")
        for jobs in [2, 5, 2, 5, 2, 5] {
            #expect(Self.heard(job, jobs: jobs) == expected, "jobs \(jobs)")
        }
    }

    @Test func strictErrorsAreSortedByPath() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let job = try Self.scroll(in: folder)
        for jobs in [1, 4, 4] {
            let report = Renderer(jobs: jobs, strict: true).run([job])
            guard case .unreadablePhotos(let problems)? = report.failedScenes.first?.failures.first else {
                Issue.record("expected unreadable photos")
                return
            }
            let paths = problems.map(\.path)
            #expect(paths == paths.sorted() && paths.count == 5, "jobs \(jobs): \(paths)")
        }
    }
}
