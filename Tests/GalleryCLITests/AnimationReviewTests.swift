import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// An animation that differs, reviewed frame by frame (issue 31, part 5): the report holds every
/// frame's stills and counts, the whole rendering for `accept`, thumbnails of the passed frames, and
/// merged reports keep the manifest's order and title.
@Suite struct AnimationReviewTests {
    /// A 600×300 still and a transition of 7 frames (0.3 s at 20 fps), recorded; then the transition
    /// starts 10 pt further, so every frame but the last moves, and the run is checked into `r/`.
    static func reviewed() throws -> TemporaryFolder {
        let folder = try BatchCommandTests.project(manifest(offset: 0))
        let record = try CommandRunner.run(
            ["check", "manifest.json", "--baseline", "base", "--record"], in: folder.path)
        #expect(record.status == 0, "\(record.stderr)")
        try folder.write(Array(manifest(offset: 10).utf8), to: "manifest.json")
        let check = try CommandRunner.run(
            ["check", "manifest.json", "--baseline", "base", "--report", "r"], in: folder.path)
        #expect(check.status == 1, "\(check.stderr)")
        return folder
    }

    static func manifest(offset: Int) -> String {
        """
        {"defaults": {"width": 200, "height": 120, "photos": ["photos/"]},
         "scenes": [{"name": "rest", "offset": 0, "width": 600, "height": 300},
                    {"name": "toggle", "toLayout": "flow", "fps": 20, "offset": \(offset)},
                    {"name": "after", "offset": 85}]}
        """
    }

    static func results(_ folder: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/results.json"))
        let top = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(top["frames"] as? [[String: Any]])
    }

    static func frame(_ path: String, in results: [[String: Any]]) throws -> [String: Any] {
        try #require(results.first { $0["path"] as? String == path })
    }

    /// A passing animation has counts in results.json as a still has (the contract's "every frame:
    /// …counts"; found by review: none): those of its frame nearest to failing, here all identical.
    @Test func aPassingAnimationHasCounts() throws {
        let folder = try BatchCommandTests.project(Self.manifest(offset: 0))
        defer { folder.remove() }
        let record = try CommandRunner.run(
            ["check", "manifest.json", "--baseline", "base", "--record"], in: folder.path)
        #expect(record.status == 0, "\(record.stderr)")
        let check = try CommandRunner.run(
            ["check", "manifest.json", "--baseline", "base", "--report", "r"], in: folder.path)
        #expect(check.status == 0, "\(check.stderr)")
        let toggle = try Self.frame("toggle.png", in: try Self.results(folder.file("r")))
        #expect(toggle["status"] as? String == "passed")
        #expect(toggle["width"] as? Int == 200 && toggle["height"] as? Int == 120)
        #expect(toggle["diffPixels"] as? Int == 0 && toggle["antiAliasedPixels"] as? Int == 0)
    }

    @Test func everyFrameOfADifferingAnimationIsInTheReportWithItsCountAndStills() throws {
        let folder = try Self.reviewed()
        defer { folder.remove() }
        let toggle = try Self.frame("toggle.png", in: try Self.results(folder.file("r")))
        let counts = try #require(toggle["animationFrames"] as? [[String: Any]])
        let images = try #require(toggle["images"] as? [String: Any])
        let stills = try #require(images["frames"] as? [[String: String]])
        // 0.3 s at 20 fps: frames at 0, 1/20, …, 6/20 s.
        #expect(counts.count == 7 && stills.count == 7)
        let failing = try #require(toggle["failingFrames"] as? [Int])
        #expect(failing == counts.indices.filter { counts[$0]["failed"] as? Bool == true })
        #expect(!failing.isEmpty)
        // The stills are the baseline's and the rendering's frames, exactly, as the APNGs decode.
        var expected = try APNGFrames(try ImageDecoder.readBytes(atPath: folder.file("base/toggle.png")))
        let actualPath = try #require(images["actual"] as? String)
        let whole = try ImageDecoder.readBytes(atPath: folder.file("r/" + actualPath))
        #expect(APNGFrames.isAnimated(whole), "accept takes the whole animation from the report")
        var actual = try APNGFrames(whole)
        for (number, still) in stills.enumerated() {
            let (e, a) = (try #require(try expected.next()), try #require(try actual.next()))
            #expect(try ImageDecoder.decodeFile(atPath: folder.file("r/" + #require(still["expected"]))).image == e)
            if let path = still["actual"] {
                #expect(try ImageDecoder.decodeFile(atPath: folder.file("r/" + path)).image == a)
                #expect(still["diff"] != nil, "frame \(number) differs, so it has a diff image")
                #expect((counts[number]["diffPixels"] as? Int ?? 0) > 0 || counts[number]["failed"] as? Bool == false)
            } else {
                #expect(e == a && still["diff"] == nil && counts[number]["diffPixels"] as? Int == 0)
            }
            #expect(abs((counts[number]["seconds"] as? Double ?? 0) - 0.05) < 1e-12)
        }
        let html = try String(contentsOfFile: folder.file("r/index.html"), encoding: .utf8)
        #expect(html.contains("data-frames=") && html.contains("<div class=\"scrub\"></div>"))
        #expect(html.contains("<b>1</b> changed") && html.contains("<b>2</b> passed"))
    }

    @Test func passedFramesHaveThumbnailsAveragedFromTheRendering() throws {
        let folder = try Self.reviewed()
        defer { folder.remove() }
        let rest = try Self.frame("rest.png", in: try Self.results(folder.file("r")))
        let images = try #require(rest["images"] as? [String: Any])
        let thumbnail = try ImageDecoder.decodeFile(
            atPath: folder.file("r/" + (try #require(images["thumbnail"] as? String)))
        ).image
        // 600 × 300 in at most 240 × 240: blocks of 3 × 3, 200 × 100.
        #expect(thumbnail.width == 200 && thumbnail.height == 100)
        let frame = try ImageDecoder.decodeFile(atPath: folder.file("base/rest.png")).image
        for (x, y) in [(0, 0), (57, 31), (199, 99), (120, 60)] {
            for channel in 0..<3 {
                var sum = 0
                for dy in 0..<3 {
                    for dx in 0..<3 {
                        sum += Int(frame.pixels[((y * 3 + dy) * 600 + x * 3 + dx) * 4 + channel])
                    }
                }
                // Opaque pixels: the rounded mean of the nine.
                #expect(Int(thumbnail.pixels[(y * 200 + x) * 4 + channel]) == (2 * sum + 9) / 18)
            }
        }
        let html = try String(contentsOfFile: folder.file("r/index.html"), encoding: .utf8)
        #expect(html.contains("loading=\"lazy\"") && html.contains("images/thumb-0000-rest.png"))
        // Its size on the page, so that thousands lay out before they load (found by review).
        #expect(
            html.contains("src=\"images/thumb-0000-rest.png\" alt=\"\" loading=\"lazy\" width=\"200\" height=\"100\""))
    }

    @Test func acceptingADifferingAnimationFromTheReportMakesTheCheckPass() throws {
        let folder = try Self.reviewed()
        defer { folder.remove() }
        let accept = try CommandRunner.run(["accept", "r", "--baseline", "base", "toggle.png"], in: folder.path)
        #expect(accept.status == 0, "\(accept.stderr)")
        let check = try CommandRunner.run(["check", "manifest.json", "--baseline", "base"], in: folder.path)
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test func aMergedReportKeepsTheManifestsOrderTitleAndStills() throws {
        let folder = try Self.reviewed()
        defer { folder.remove() }
        for shard in 1...2 {
            let run = try CommandRunner.run(
                ["check", "manifest.json", "--baseline", "base", "--shard", "\(shard)/2", "--report", "s\(shard)"],
                in: folder.path)
            #expect(run.status <= 1, "\(run.stderr)")
        }
        let merge = try CommandRunner.run(["merge-reports", "s2", "s1", "--report", "m"], in: folder.path)
        #expect(merge.status == 1, "\(merge.stderr)")
        let (merged, whole) = (try Self.results(folder.file("m")), try Self.results(folder.file("r")))
        #expect(merged.map { $0["path"] as? String } == ["rest.png", "toggle.png", "after.png"])
        #expect(merged.map { $0["path"] as? String } == whole.map { $0["path"] as? String })
        let html = try String(contentsOfFile: folder.file("m/index.html"), encoding: .utf8)
        #expect(html.contains("<title>gallery-render check — manifest.json</title>"))
        let images = try #require(try Self.frame("toggle.png", in: merged)["images"] as? [String: Any])
        let stills = try #require(images["frames"] as? [[String: String]])
        #expect(stills.count == 7)
        for still in stills {
            for path in still.values { #expect(FileManager.default.fileExists(atPath: folder.file("m/" + path))) }
        }
        let rest = try #require(try Self.frame("rest.png", in: merged)["images"] as? [String: Any])
        #expect(rest["thumbnail"] is String)
    }
}
