import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 51, item 7: a process swapping a baseline sub-folder for a link out of the folder while
/// checks and recordings run. Every baseline is reached from the folder's descriptor, so no read
/// comes from outside (the frame, which matches only the outside copy, never passes) and no
/// recording lands outside.
@Suite(.serialized) struct SwappedFolderRaceTests {
    /// Swaps `b/s` between the real folder (`b/s.real`) and a link to `outside/s` until `stop`.
    final class Swapper: @unchecked Sendable {
        let baseline: String
        private let lock = NSLock()
        private var stopped = false
        init(_ baseline: String) { self.baseline = baseline }

        func run() -> Thread {
            let thread = Thread { [self] in
                let (s, real, link) = (baseline + "/s", baseline + "/s.real", baseline + "/s.link")
                while !lock.withLock({ stopped }) {
                    rename(real, s)
                    rename(s, real)
                    rename(link, s)
                    rename(s, link)
                }
            }
            thread.start()
            return thread
        }

        func finish() { lock.withLock { stopped = true } }
    }

    @Test(.timeLimit(.minutes(3))) func readsAndRecordingsNeverLeaveTheFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let scene = { (offset: Int) in
            #"{"defaults": {"width": 200, "height": 100, "photos": ["\#(RenderCommandTests.fixtures)"]}, "scenes": [{"name": "s", "offsets": [0, \#(offset)]}]}"#
        }
        // The outside copy matches the manifest "m.json"; the folder's own baselines do not.
        try folder.write(Array(scene(40).utf8), to: "m.json")
        try folder.write(Array(scene(80).utf8), to: "other.json")
        #expect(
            try CommandRunner.run(["check", "m.json", "--baseline", "outside", "--record"], in: folder.path).status == 0
        )
        #expect(
            try CommandRunner.run(["check", "other.json", "--baseline", "b", "--record"], in: folder.path).status == 0)
        try FileManager.default.moveItem(atPath: folder.file("b/s"), toPath: folder.file("b/s.real"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("b/s.link"), withDestinationPath: "../outside/s")
        let outsideBefore = TemporaryFolder.list(folder.file("outside/s")).map {
            FileManager.default.contents(atPath: folder.file("outside/s/" + $0))
        }
        let swapper = Swapper(folder.file("b"))
        _ = swapper.run()
        defer { swapper.finish() }
        var passed = 0
        for _ in 0..<25 {
            let check = try CommandRunner.run(["check", "m.json", "--baseline", "b"], in: folder.path)
            if check.status == 0 { passed += 1 }
        }
        #expect(passed == 0, "a check passed: it read the outside copy")
        for _ in 0..<15 {
            _ = try CommandRunner.run(["check", "m.json", "--baseline", "b", "--record-failed"], in: folder.path)
        }
        swapper.finish()
        usleep(50_000)
        let outsideAfter = TemporaryFolder.list(folder.file("outside/s")).map {
            FileManager.default.contents(atPath: folder.file("outside/s/" + $0))
        }
        #expect(outsideAfter == outsideBefore, "a recording landed outside the baseline folder")
    }
}
