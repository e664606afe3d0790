import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// The animations play in a real browser: headless Chromium, driven over the DevTools protocol by
/// Tools/cdp-screenshots.py, shows the first frame of the APNG and of the WebP just after the page
/// loads and the last frame once they have played (`--loop 1`), pixel for pixel.
@Suite struct ChromiumPlaybackTests {
    static let chromium = FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")

    @Test(.enabled(if: chromium, "needs Debian's chromium (.ci/run installs it) to play the animations"))
    func theAPNGAndTheWebPPlayInChromium() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // One frame a second (0, 1, 2 s and the rest at 2.4 s), so the first stays on screen long
        // after the load event and the last is shown from 3 s on.
        let scene = [
            "animate", "--count", "6", "--fling", "900", "--snap", "--fps", "1", "--loop", "1",
            RenderCommandTests.fixtures,
        ]
        for output in ["a.png", "a.webp"] {
            let run = try CommandRunner.run(scene + ["-o", output], in: folder.path)
            #expect(run.status == 0, "\(run.stderr)")
        }
        try folder.write(
            Array(#"<html><body style="margin:0"><img src="a.png"><img src="a.webp"></body></html>"#.utf8),
            to: "page.html")
        let script = Corpus.repositoryRoot.appendingPathComponent("Tools/cdp-screenshots.py").path
        let shots = try CommandRunner.run(
            ["python3", script, "file://" + folder.file("page.html"), folder.file("shot-"), "750", "200", "0", "5"],
            in: folder.path, executable: "/usr/bin/env")
        #expect(shots.status == 0, "\(shots.stderr)")

        var reader = try APNGFrames(try ImageDecoder.readBytes(atPath: folder.file("a.png")))
        #expect(reader.count == 4)
        var frames: [RGBAImage] = []
        while let frame = try reader.next() { frames.append(frame) }
        let (first, last) = (try #require(frames.first), try #require(frames.last))
        #expect(first != last)
        for (shot, expected) in [("shot-0.png", first), ("shot-1.png", last)] {
            let screen = try ImageDecoder.decodeFile(atPath: folder.file(shot)).image
            for x in [0, 375] {
                let shown = try #require(screen.cropped(to: ImageRegion(x: x..<x + 375, y: 0..<200)))
                #expect(shown == expected, "\(shot), the \(x == 0 ? "APNG" : "WebP")")
            }
        }
    }
}
