import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// The HTML report in a real browser: headless Chromium, driven over the DevTools protocol by
/// Tools/cdp-screenshots.py, switches a failing frame's views and the screenshots show what each
/// view promises. The baseline is a red frame and the actual a blue one, so every pixel says which
/// image it comes from.
@Suite(.timeLimit(.minutes(2))) struct ChromiumReportTests {
    static let chromium = FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")

    /// A check of one 200×100 frame whose baseline is red and whose actual is blue, reported.
    static func report() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let scene = { (colour: String) in
            #"{"scenes": [{"name": "solid", "count": 0, "width": 200, "height": 100, "background": "\#(colour)"}, {"name": "same", "count": 0, "width": 20, "height": 20}]}"#
        }
        try folder.write(Array(scene("red").utf8), to: "manifest.json")
        let record = try CommandRunner.run(
            ["check", "manifest.json", "--baseline", "baseline", "--record"], in: folder.path)
        #expect(record.status == 0, "\(record.stderr)")
        try folder.write(Array(scene("blue").utf8), to: "manifest.json")
        let check = try CommandRunner.run(
            ["check", "manifest.json", "--baseline", "baseline", "--report", "report"], in: folder.path)
        #expect(check.status == 1, "\(check.stderr)")
        return folder
    }

    /// Runs the steps in Chromium; each step's value (parsed JSON) and its screenshot.
    static func drive(_ folder: TemporaryFolder, _ steps: [String], page: String = "report/index.html") throws -> [(
        value: Any, shot: RGBAImage
    )] {
        let script = Corpus.repositoryRoot.appendingPathComponent("Tools/cdp-screenshots.py").path
        let run = try CommandRunner.run(
            ["python3", script, "file://" + folder.file(page), folder.file("shot-"), "900", "700"]
                + steps.flatMap { ["--step", $0] }, in: folder.path, executable: "/usr/bin/env")
        #expect(run.status == 0, "\(run.stderr)")
        let values = run.output.split(separator: "\n").map {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed)) ?? NSNull()
        }
        return try values.enumerated().map { index, value in
            (value, try ImageDecoder.decodeFile(atPath: folder.file("shot-\(index).png")).image)
        }
    }

    /// Shows `view` of the first frame, scrolls its first image to the top, returns that image's
    /// content box [x, y, width, height] on screen.
    static func show(_ view: String, then extra: String = "") -> String {
        """
        (() => { const s = galleryReport.frames[0]; galleryReport.show(s, '\(view)'); \(extra)
          const img = s.querySelector('.view.\(view) img'); img.loading = 'eager';
          return new Promise(done => { const place = () => { window.scrollTo(0, img.getBoundingClientRect().top + scrollY - 10);
            const r = img.getBoundingClientRect(); done([r.left + 1, r.top + 1, r.width - 2, r.height - 2]); };
            img.complete ? place() : img.addEventListener('load', place); }); })()
        """
    }

    static func pixel(_ shot: RGBAImage, _ box: [Double], _ fx: Double, _ fy: Double = 0.5) -> [Int] {
        let x = Int(box[0] + box[2] * fx), y = Int(box[1] + box[3] * fy)
        return (0..<3).map { Int(shot.pixels[(y * shot.width + x) * 4 + $0]) }
    }

    static func near(_ a: [Int], _ b: [Int], within tolerance: Int = 2) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test(.enabled(if: chromium, "needs Debian's chromium (.ci/run installs it) to drive the report"))
    func theSliderBlendToggleDiffAndZoomShowWhatTheyPromise() throws {
        let folder = try Self.report()
        defer { folder.remove() }
        let html = try String(contentsOfFile: folder.file("report/index.html"), encoding: .utf8)
        #expect(html.contains("<details class=\"passed\"><summary>1 passed frame</summary>"))
        #expect(!html.contains("http://") && !html.contains("https://"))
        let (red, blue) = ([255, 0, 0], [0, 0, 255])
        let input = { (name: String, value: Int) in
            "const i = s.querySelector('.\(name)'); i.value = \(value); i.dispatchEvent(new Event('input', {bubbles: true}));"
        }
        let results = try Self.drive(
            folder,
            [
                Self.show("slider"), Self.show("slider", then: input("wipe", 25)), Self.show("blend"),
                Self.show("toggle"), Self.show("toggle", then: "galleryReport.flip(s);"), Self.show("diff"),
                Self.show("slider", then: input("wipe", 50) + "galleryReport.zoom(s, '2');"),
                "(() => { document.dispatchEvent(new KeyboardEvent('keydown', {key: 'j'})); return document.activeElement.id; })()",
            ])
        try #require(results.count == 8)
        func box(_ k: Int) throws -> [Double] { try #require(results[k].value as? [Double]) }
        // The slider at 50 %: expected left of the handle, actual right of it.
        #expect(Self.pixel(results[0].shot, try box(0), 0.25) == red)
        #expect(Self.pixel(results[0].shot, try box(0), 0.75) == blue)
        // The handle sits on the wipe: #0969da at half the image's width.
        #expect(Self.near(Self.pixel(results[0].shot, try box(0), 0.5), [9, 105, 218], within: 60))
        // Dragged to 25 %: actual from a quarter on.
        #expect(Self.pixel(results[1].shot, try box(1), 0.12) == red)
        #expect(Self.pixel(results[1].shot, try box(1), 0.37) == blue)
        // Blend at 50 %: half of each.
        #expect(Self.near(Self.pixel(results[2].shot, try box(2), 0.5), [128, 0, 127]))
        // Toggle: actual first, expected after a flip.
        #expect(Self.pixel(results[3].shot, try box(3), 0.5) == blue)
        #expect(Self.pixel(results[4].shot, try box(4), 0.5) == red)
        // The diff: every pixel differs, so pixelmatch's red.
        #expect(Self.pixel(results[5].shot, try box(5), 0.5) == red)
        // Zoom 2×: twice the pixels, each drawn as a block (pixelated), the wipe still at 50 %.
        #expect(try box(6)[2] == 400)
        #expect(Self.pixel(results[6].shot, try box(6), 0.25) == red)
        #expect(Self.pixel(results[6].shot, try box(6), 0.75) == blue)
        // j moves to the first failure.
        #expect(results[7].value as? String == "f0")
    }

    @Test(.enabled(if: chromium)) func tickingTwoFramesShowsTheAcceptCommandForExactlyThose() throws {
        let folder = try AcceptCommandTests.reviewed()
        defer { folder.remove() }
        let steps = [
            "document.querySelectorAll('input.accept').length",
            """
            (() => { const boxes = document.querySelectorAll('input.accept'); boxes[0].click(); boxes[2].click();
              return document.getElementById('accept-command').textContent; })()
            """,
            "(() => { document.getElementById('accept-all').click(); return document.getElementById('accept-command').textContent; })()",
        ]
        let values = try Self.drive(folder, steps).map(\.value)
        #expect(values.first as? Int == 3)
        #expect(values.dropFirst().first as? String == "gallery-render accept report --baseline b -- a.png c.png")
        #expect(values.last as? String == "gallery-render accept report --baseline b -- a.png b.png c.png")
        // The command as shown works.
        let run = try CommandRunner.run(
            ["accept", "report", "--baseline", "b", "--", "a.png", "c.png"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
    }

    /// An animation that differs: a bar per frame, failing ones marked; the scrubber at frame 5 shows
    /// frame 5's three images in every view; at first the page names only the shown frame's stills.
    @Test(.enabled(if: chromium)) func theScrubberShowsTheChosenFramesImagesInEveryView() throws {
        let folder = try AnimationReviewTests.reviewed()
        defer { folder.remove() }
        let stills = """
            Array.from(s.querySelectorAll('img[data-label]')).filter(i => !i.hidden).map(i => i.dataset.label + '=' + i.getAttribute('src')).sort()
            """
        let steps = [
            """
            (() => { const s = galleryReport.frames[0]; const f = JSON.parse(s.dataset.frames);
              return [s.querySelectorAll('.strip i').length, s.querySelectorAll('.strip i.fail').length,
                f.filter(e => e.f).length, f.length,
                new Set(Array.from(document.images).map(i => i.getAttribute('src')).filter(u => /-f[0-9]{4}-/.test(u))).size]; })()
            """,
            "(() => { const s = galleryReport.frames[0]; galleryReport.setFrame(s, 5); return \(stills); })()",
            "(() => { const s = galleryReport.frames[0]; galleryReport.show(s, 'slider'); return \(stills); })()",
            """
            (() => { const s = galleryReport.frames[0]; s.focus(); document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft'}));
              return [s.dataset.frame, s.querySelector('.scrub output').textContent]; })()
            """,
        ]
        let later = [
            // Found by review: a step in the toggle view showed actual again under "Showing expected".
            """
            (() => { const s = galleryReport.frames[0]; galleryReport.show(s, 'toggle'); galleryReport.flip(s);
              galleryReport.setFrame(s, 2); const top = s.querySelector('.view.toggle img.top');
              return [top.hidden, s.querySelector('.view.toggle .flip').textContent.startsWith('Showing expected')]; })()
            """,
            // Found by review: → before any frame was chosen did nothing.
            """
            (() => { location.hash = ''; document.activeElement.blur();
              document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight'}));
              return galleryReport.frames[0].dataset.frame; })()
            """,
        ]
        let values = try Self.drive(folder, steps, page: "r/index.html").map(\.value)
        let fresh = try Self.drive(folder, later, page: "r/index.html").map(\.value)
        #expect(fresh.first as? [Bool] == [true, true], "\(fresh)")
        #expect(fresh.last as? String == "3", "frame 2, then → with nothing chosen: \(fresh)")
        let strip = try #require(values.first as? [Int])
        #expect(strip[0] == strip[3] && strip[0] == 7, "a bar per frame")
        #expect(strip[1] == strip[2] && strip[1] > 0, "the failing frames marked")
        #expect(strip[4] == 3, "the page names only the shown frame's three stills, not \(strip[4])")
        let frame5 = [
            "actual=images/0000-toggle-f0005-actual.png", "diff=images/0000-toggle-f0005-diff.png",
            "expected=images/0000-toggle-f0005-expected.png",
        ]
        #expect(values.dropFirst().first as? [String] == frame5)
        // The slider stacks expected under actual: frame 5's, alongside the side-by-side ones.
        let slider = try #require(values.dropFirst(2).first as? [String])
        #expect(Set(slider) == Set(frame5) && slider.count == 5)
        let left = try #require(values.dropFirst(3).first as? [Any])
        #expect(left.first as? String == "4")
        #expect((left.last as? String)?.hasPrefix("frame 4 of 7: ") == true)
    }
    /// A fling's report whose baseline was recorded at `recorded` pt/s and checked at `checked`: the
    /// two have different frame counts, so the last frames are only in one of them.
    static func flings(recorded: Int, checked: Int) throws -> TemporaryFolder {
        let manifest = { (speed: Int) in
            #"{"scenes": [{"name": "fling", "width": 200, "height": 120, "photos": ["photos/"], "fling": \#(speed), "fps": 20}]}"#
        }
        let folder = try BatchCommandTests.project(manifest(recorded))
        let record = try CommandRunner.run(["check", "manifest.json", "--baseline", "b", "--record"], in: folder.path)
        #expect(record.status == 0, "\(record.stderr)")
        try folder.write(Array(manifest(checked).utf8), to: "manifest.json")
        let check = try CommandRunner.run(
            ["check", "manifest.json", "--baseline", "b", "--report", "r"], in: folder.path)
        #expect(check.status == 1, "\(check.stderr)")
        return folder
    }

    /// The last frame's toggle after two flips: its label, whether its top image is hidden, the
    /// slider's top image's height on screen, and the diff view's note.
    static let lastFrame = """
        (() => { const s = galleryReport.frames[0]; const f = JSON.parse(s.dataset.frames);
          galleryReport.setFrame(s, f.length - 1); galleryReport.show(s, 'toggle'); galleryReport.flip(s); galleryReport.flip(s);
          const top = s.querySelector('.view.toggle img.top'), label = s.querySelector('.view.toggle .flip').textContent;
          galleryReport.show(s, 'slider'); const slid = s.querySelector('.view.slider img.top');
          return new Promise(done => { const end = () => { const height = Math.round(slid.getBoundingClientRect().height);
            galleryReport.show(s, 'diff'); done([label, top.hidden, height, s.querySelector('.view.diff .nodiff').textContent,
            !!document.querySelector('meta[http-equiv="Content-Security-Policy"]')]); };
            slid.hidden || (slid.complete && slid.naturalWidth) ? end() : slid.addEventListener('load', end); }); })()
        """

    /// Found by review: a frame only in the baseline showed the frame before's actual image under
    /// "Showing actual" once flipped twice; a frame only in the rendering was a 2-pixel dot in the
    /// slider, blend and toggle views, its expected image missing beneath it.
    @Test(.enabled(if: chromium)) func aFrameOnlyOneSideHasIsShownAsItIs() throws {
        let longer = try Self.flings(recorded: 300, checked: 900)
        defer { longer.remove() }
        let rendering = try #require(
            try Self.drive(longer, [Self.lastFrame], page: "r/index.html").first?.value as? [Any])
        #expect(rendering.first as? String == "Only in the rendering: no expected frame to show", "\(rendering)")
        #expect(rendering.dropFirst().first as? Bool == false, "the actual shown")
        #expect((rendering.dropFirst(2).first as? Int ?? 0) >= 100, "the actual at its size: \(rendering)")
        #expect((rendering.dropFirst(3).first as? String)?.hasSuffix(": only in the rendering") == true, "\(rendering)")
        #expect(rendering.last as? Bool == true, "the page sets a policy, and its script still runs under it")
        let shorter = try Self.flings(recorded: 900, checked: 300)
        defer { shorter.remove() }
        let baseline = try #require(
            try Self.drive(shorter, [Self.lastFrame], page: "r/index.html").first?.value as? [Any])
        #expect(baseline.first as? String == "Only in the baseline: no actual frame to show", "\(baseline)")
        #expect(baseline.dropFirst().first as? Bool == true, "no other frame's actual image")
    }
}
