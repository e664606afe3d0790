import Foundation
import GalleryCore
import GalleryLayout
import ImageCodecs
import TestSupport
import Testing

@testable import RenderPipeline

/// `--cache DIR` (CONTRACT.md, "Frame cache"): frames copied instead of rendered when nothing that
/// decides them changed, the same bytes either way; every input in the key; entries checked.
@Suite struct FrameCacheTests {
    /// A project with its own copy of the fixture photos (tests change them) and `manifest`.
    static func project(_ manifest: String = Self.manifest) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: RenderCommandTests.fixtures, toPath: folder.file("photos"))
        try folder.write(Array(manifest.utf8), to: "manifest.json")
        return folder
    }

    static let manifest = """
        {"defaults": {"width": 200, "height": 120, "photos": ["photos/"]},
         "scenes": [{"name": "rest", "offset": 0}, {"name": "scroll", "offsets": "0..340/85"},
                    {"name": "toggle", "offset": 170, "toLayout": "flow", "fps": 20, "duration": 0.3}]}
        """

    /// Runs `batch` into `out` with the cache in the project; (frames from the cache, stderr).
    static func batch(_ folder: TemporaryFolder, out: String, _ extra: [String] = []) throws -> (Int, String) {
        let run = try CommandRunner.run(
            ["batch", folder.file("manifest.json"), "--out", folder.file(out), "--cache", folder.file("cache")] + extra)
        #expect(run.status == 0, "\(run.stderr)")
        let line = run.stderr.split(separator: "\n").last.map(String.init) ?? ""
        let count = line.split(separator: ", ").last?.split(separator: " ").first.flatMap { Int($0) } ?? -1
        #expect(line.hasSuffix(count == 1 ? "1 frame from the cache" : "\(count) frames from the cache"), "\(line)")
        return (count, run.stderr)
    }

    static func sameFiles(_ a: String, _ b: String) throws -> Bool {
        let files = BatchCommandTests.files(a)
        guard files == BatchCommandTests.files(b), !files.isEmpty else { return false }
        return try files.allSatisfy {
            try Data(contentsOf: URL(fileURLWithPath: a + "/" + $0))
                == Data(contentsOf: URL(fileURLWithPath: b + "/" + $0))
        }
    }

    @Test func aSecondRunCopiesEveryFrameAndGivesTheSameBytes() throws {
        let folder = try Self.project()
        defer { folder.remove() }
        #expect(try Self.batch(folder, out: "first").0 == 0)
        #expect(try Self.batch(folder, out: "second").0 == 7)
        #expect(try Self.sameFiles(folder.file("first"), folder.file("second")))
        // Without the cache: the same bytes again.
        let plain = try CommandRunner.run(["batch", folder.file("manifest.json"), "--out", folder.file("plain")])
        #expect(plain.status == 0 && !plain.stderr.contains("from the cache"))
        #expect(try Self.sameFiles(folder.file("first"), folder.file("plain")))
    }

    @Test func aChangedPhotoRendersOnlyTheFramesThatDrawIt() throws {
        let folder = try Self.project()
        defer { folder.remove() }
        _ = try Self.batch(folder, out: "first")
        // 3.jpg is item 2: drawn at the start of the strip, not by the frames scrolled past it.
        try FileManager.default.removeItem(atPath: folder.file("photos/3.jpg"))
        try FileManager.default.copyItem(atPath: folder.file("photos/2.jpg"), toPath: folder.file("photos/3.jpg"))
        let (cached, _) = try Self.batch(folder, out: "second")
        let plain = try CommandRunner.run(["batch", folder.file("manifest.json"), "--out", folder.file("plain")])
        #expect(plain.status == 0)
        #expect(try Self.sameFiles(folder.file("second"), folder.file("plain")))
        // The frames whose bytes changed were rendered; the others came from the cache.
        let changed = BatchCommandTests.files(folder.file("first")).filter { file in
            (try? Data(contentsOf: URL(fileURLWithPath: folder.file("first/" + file))))
                != (try? Data(contentsOf: URL(fileURLWithPath: folder.file("plain/" + file))))
        }
        #expect(!changed.isEmpty)
        #expect(cached <= 7 - changed.count && cached > 0, "\(cached) cached, \(changed) changed")
    }

    @Test(
        arguments: [
            ("an option", #""offset": 0"#, ##""offset": 0, "background": "#101010""##),
            ("the size", #""width": 200"#, #""width": 201"#),
            ("the item count", #""photos": ["photos/"]}"#, #""photos": ["photos/"], "count": 30}"#),
        ] as [(String, String, String)])
    func everyOptionIsInTheKey(what: String, before: String, after: String) throws {
        let folder = try Self.project()
        defer { folder.remove() }
        _ = try Self.batch(folder, out: "first")
        try folder.write(Array(Self.manifest.replacingOccurrences(of: before, with: after).utf8), to: "manifest.json")
        let (cached, _) = try Self.batch(folder, out: "second")
        #expect(cached < 7, "\(what): \(cached) frames still from the cache")
    }

    @Test func aRenamedSceneFindsItsFrames() throws {
        let folder = try Self.project()
        defer { folder.remove() }
        _ = try Self.batch(folder, out: "first")
        try folder.write(
            Array(Self.manifest.replacingOccurrences(of: "\"scroll\"", with: "\"scrolled\"").utf8), to: "manifest.json")
        #expect(try Self.batch(folder, out: "second").0 == 7)
    }

    @Test func theFontsBytesAreInTheKey() throws {
        let inter = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
        guard FileManager.default.fileExists(atPath: inter) else { return }
        let folder = try Self.project(
            #"{"defaults": {"width": 200, "height": 160, "photos": ["photos/"], "caption": "{number}", "font": "font.otf"}, "scenes": [{"name": "a"}]}"#
        )
        defer { folder.remove() }
        try FileManager.default.copyItem(atPath: inter, toPath: folder.file("font.otf"))
        _ = try Self.batch(folder, out: "first")
        #expect(try Self.batch(folder, out: "second").0 == 1)
        try FileManager.default.removeItem(atPath: folder.file("font.otf"))
        try FileManager.default.copyItem(
            atPath: "/usr/share/fonts/opentype/inter/Inter-Bold.otf", toPath: folder.file("font.otf"))
        #expect(try Self.batch(folder, out: "third").0 == 0)
    }

    @Test func theVersionIsInTheKey() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var job = RenderJob(
            name: "a",
            scene: Scene(
                gallery: Gallery(
                    style: .line(LineLayout(itemSize: 100, itemHeight: 100, scaleFactor: 0)),
                    viewport: Size(width: 240, height: 120), itemCount: 3)), frames: .offsets([0]),
            output: .stills([folder.file("a.png")]))
        job.cacheIdentity = "width=200"
        let plans = try job.plans()
        let digests = PhotoDigests()
        let one = FrameKey.make(job: job, identity: "0.1.0", plans: plans, offset: 0, digests: digests)
        let other = FrameKey.make(job: job, identity: "0.1.1", plans: plans, offset: 0, digests: digests)
        #expect(one != nil && one != other)
        job.cacheIdentity = nil
        #expect(FrameKey.make(job: job, identity: "0.1.0", plans: plans, offset: 0, digests: digests) == nil)
    }

    /// "huge": a sparse gigabyte in an entry's place is refused from its size, not read (found by
    /// review: entries were read whole up to the cache's capacity, 4 GB at once).
    @Test(arguments: ["truncated", "flipped", "empty", "other key", "link", "huge"])
    func aDamagedEntryIsRenderedAgainNeverTrusted(damage: String) throws {
        let folder = try Self.project(
            #"{"defaults": {"width": 200, "height": 120, "photos": ["photos/"]}, "scenes": [{"name": "a"}, {"name": "b", "offset": 85}]}"#
        )
        defer { folder.remove() }
        _ = try Self.batch(folder, out: "first")
        let entries = Self.entries(folder.file("cache"))
        #expect(entries.count == 2)
        guard let victim = entries.first, let other = entries.last else { return }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: victim)))
        try FileManager.default.removeItem(atPath: victim)
        switch damage {
        case "truncated": bytes.removeLast(10)
        case "flipped": bytes[bytes.count - 20] ^= 1
        case "empty": bytes = []
        case "other key": bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: other)))
        case "huge": bytes = []
        default: try FileManager.default.createSymbolicLink(atPath: victim, withDestinationPath: other)
        }
        if damage != "link" { try Data(bytes).write(to: URL(fileURLWithPath: victim)) }
        if damage == "huge" { #expect(truncate(victim, 1 << 30) == 0) }
        let (served, said) = try Self.batch(folder, out: "second")
        #expect(served == 1)
        #expect(said.contains("1 damaged entry not used"), "\(said)")
        #expect(try Self.sameFiles(folder.file("first"), folder.file("second")))
        // The damaged entry was replaced by a good one.
        #expect(try Self.batch(folder, out: "third").0 == 2)
    }

    @Test func runsSharingTheFolderAtOnceAllGetTheRightBytes() throws {
        let folder = try Self.project()
        defer { folder.remove() }
        let plain = try CommandRunner.run(["batch", folder.file("manifest.json"), "--out", folder.file("plain")])
        #expect(plain.status == 0)
        let runs = try (0..<4).map { index in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CommandRunner.binary)
            process.arguments = [
                "batch", folder.file("manifest.json"), "--out", folder.file("out\(index)"), "--cache",
                folder.file("cache"), "--quiet",
            ]
            try process.run()
            return process
        }
        for run in runs {
            run.waitUntilExit()
            #expect(run.terminationStatus == 0)
        }
        for index in 0..<4 { #expect(try Self.sameFiles(folder.file("plain"), folder.file("out\(index)"))) }
        #expect(try Self.batch(folder, out: "after").0 == 7)
        // `rest` and `scroll/offset-0.png` are one frame: one entry serves both.
        #expect(Self.entries(folder.file("cache")).count == 6)
    }

    @Test func theLeastRecentlyUsedGoFirst() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cache = try FrameCache(folder: folder.file("cache"), capacityBytes: 2000, identity: "test")
        let png = try PNGEncoder.encode(RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16)))
        // Entries of 965 bytes (a 165-byte header): four hold 3,860, two of them 1,930.
        let padded = png + [UInt8](repeating: 0, count: 800 - png.count)
        let keys = (0..<4).map { FrameKey(hex: String(repeating: "\($0)", count: 64)) }
        for key in keys {
            cache.store(key, file: padded)
            Thread.sleep(forTimeInterval: 0.01)
        }
        // Reading the first makes it the most recently used: the second and third go.
        #expect(cache.file(keys[0], size: PixelSize(width: 2, height: 2)) == padded)
        #expect(cache.trim() == 2)
        #expect(cache.file(keys[0], size: PixelSize(width: 2, height: 2)) != nil)
        #expect(cache.file(keys[1], size: PixelSize(width: 2, height: 2)) == nil)
        #expect(cache.file(keys[2], size: PixelSize(width: 2, height: 2)) == nil)
        #expect(cache.file(keys[3], size: PixelSize(width: 2, height: 2)) != nil)
        // A PNG of another size under a key is refused.
        #expect(cache.file(keys[3], size: PixelSize(width: 3, height: 2)) == nil)
    }

    @Test func theCacheOptionsAreCheckedBeforeAnythingRenders() throws {
        let folder = try Self.project()
        defer { folder.remove() }
        let alone = try CommandRunner.run([
            "batch", folder.file("manifest.json"), "--out", folder.file("o"), "--cache-max-mb", "10",
        ])
        #expect(alone.status == 64 && alone.stderr.contains("--cache-max-mb"), "\(alone.stderr)")
        try folder.write([1], to: "file")
        let notFolder = try CommandRunner.run([
            "batch", folder.file("manifest.json"), "--out", folder.file("o"), "--cache", folder.file("file"),
        ])
        #expect(notFolder.status == 1 && notFolder.stderr.contains("--cache"), "\(notFolder.stderr)")
        #expect(notFolder.stderr.contains("Not a directory"), "the cause, not a guess: \(notFolder.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("o")))
        // A check's cache is no baseline: not the baseline folder, nor inside it (review).
        for cache in ["b", "b/.cache", "b/x/../cache"] {
            let inside = try CommandRunner.run([
                "check", folder.file("manifest.json"), "--baseline", folder.file("b"), "--record",
                "--cache", folder.file(cache),
            ])
            #expect(inside.status == 64 && inside.stderr.contains("is inside the baseline folder"), "\(inside.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("b")))
    }

    @Test func aCachedCheckComparesTheFramesItCopied() throws {
        let folder = try Self.project()
        defer { folder.remove() }
        let base = ["check", folder.file("manifest.json"), "--baseline", folder.file("baseline")]
        #expect(try CommandRunner.run(base + ["--record"]).status == 0)
        let cold = try CommandRunner.run(base + ["--cache", folder.file("cache")])
        #expect(cold.status == 0 && cold.stderr.hasSuffix("0 frames from the cache\n"), "\(cold.stderr)")
        let warm = try CommandRunner.run(base + ["--cache", folder.file("cache")])
        #expect(warm.status == 0 && warm.stderr.hasSuffix(", 7 frames from the cache\n"), "\(warm.stderr)")
        // A baseline changed under a warm cache (another frame's picture): the frame served is compared
        // with it and fails, its rendering kept for the report.
        let rest = folder.file("baseline/rest.png")
        let kept = try Data(contentsOf: URL(fileURLWithPath: rest))
        try FileManager.default.removeItem(atPath: rest)
        try FileManager.default.copyItem(atPath: folder.file("baseline/scroll/offset-85.png"), toPath: rest)
        let report = folder.file("report")
        let swapped = try CommandRunner.run(base + ["--cache", folder.file("cache"), "--report", report])
        #expect(swapped.status == 1 && swapped.stderr.contains("FAIL rest.png: "), "\(swapped.stderr)")
        #expect(swapped.stderr.hasSuffix(", 7 frames from the cache\n"), "\(swapped.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: report + "/images/0000-rest-actual.png")) == kept)
        try kept.write(to: URL(fileURLWithPath: rest))
        // A changed photo: its frames render, and fail against the baselines; the rest are copied.
        try FileManager.default.removeItem(atPath: folder.file("photos/3.jpg"))
        try FileManager.default.copyItem(atPath: folder.file("photos/2.jpg"), toPath: folder.file("photos/3.jpg"))
        let changed = try CommandRunner.run(base + ["--cache", folder.file("cache")])
        #expect(changed.status == 1)
        let failed = changed.stderr.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }.count
        #expect(failed > 0 && changed.stderr.hasSuffix(", \(7 - failed) frames from the cache\n"), "\(changed.stderr)")
    }

    @Test func underStrictAWarmCacheWritesNothingOfAFailingScene() throws {
        // Offset 0 draws only good photos; 3230 draws 20.jpg, cut short.
        let folder = try Self.project(
            #"{"defaults": {"photos": ["photos/"]}, "scenes": [{"name": "two", "offsets": [0, 3230]}]}"#)
        defer { folder.remove() }
        let photo = try Data(contentsOf: URL(fileURLWithPath: folder.file("photos/20.jpg")))
        try photo.prefix(2000).write(to: URL(fileURLWithPath: folder.file("photos/20.jpg")))
        _ = try Self.batch(folder, out: "warm")
        let strict = try CommandRunner.run([
            "batch", folder.file("manifest.json"), "--out", folder.file("strict"), "--cache", folder.file("cache"),
            "--strict",
        ])
        #expect(strict.status == 1)
        #expect(BatchCommandTests.files(folder.file("strict")).isEmpty)
        let record = try CommandRunner.run([
            "check", folder.file("manifest.json"), "--baseline", folder.file("base"), "--record", "--strict",
            "--cache", folder.file("cache"),
        ])
        #expect(record.status == 1)
        #expect(BatchCommandTests.files(folder.file("base")).isEmpty)
    }

    @Test func aUsageErrorLeavesNoCacheFolder() throws {
        let folder = try Self.project(#"{"scenes": [{"name": "a", "widht": 100}]}"#)
        defer { folder.remove() }
        let run = try CommandRunner.run([
            "batch", folder.file("manifest.json"), "--out", folder.file("o"), "--cache", folder.file("cache"),
        ])
        #expect(run.status == 64)
        #expect(!FileManager.default.fileExists(atPath: folder.file("cache")))
    }

    static func entries(_ cache: String) -> [String] {
        BatchCommandTests.files(cache).filter { $0.hasSuffix(".frame") }.map { cache + "/" + $0 }
    }
}
