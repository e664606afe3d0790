import Foundation
import Testing
import TestSupport

/// Without /proc (a chroot of the container image, a build sandbox) Swift's CommandLine on Linux
/// sees no arguments; the binary reads them as the C start-up code passed them (CProcess). Checked in
/// a mount namespace whose /proc is an empty tmpfs. Not under AddressSanitizer or ThreadSanitizer:
/// their runtimes need /proc (they read their options from /proc/self/environ, and LeakSanitizer
/// stops the threads through /proc/PID/task).
@Suite(
    .enabled(
        if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
        "needs root and unshare to hide /proc"),
    .enabled(
        if: !Sanitizer.address.isActive && !Sanitizer.thread.isActive,
        "a sanitizer's runtime needs /proc")
)
struct NoProcTests {
    /// Runs the binary with `arguments` where /proc is empty.
    static func withoutProc(_ arguments: [String]) throws -> CommandRunner.Outcome {
        let quoted = ([CommandRunner.binary] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
        return try CommandRunner.run(
            ["--mount", "sh", "-c", "mount -t tmpfs none /proc && ! test -e /proc/self && exec \(quoted)"],
            executable: "/usr/bin/unshare")
    }

    @Test func theVersionAndAFrameNeedNoProc() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let photos = Corpus.repositoryRoot.appendingPathComponent("Fixtures/photos").path
        let version = try Self.withoutProc(["--version"])
        #expect(version.status == 0, "\(version.stderr)")
        #expect(version.output.hasPrefix(try CommandRunner.run(["--version"]).output))
        let scene = ["--width", "375", "--offset", "120", photos, "--quiet", "-o"]
        let hidden = try Self.withoutProc(scene + [folder.file("hidden.png")])
        #expect(hidden.status == 0, "\(hidden.stderr)")
        #expect(try CommandRunner.run(scene + [folder.file("seen.png")]).status == 0)
        let bytes = { (name: String) in FileManager.default.contents(atPath: folder.file(name)) }
        #expect(bytes("hidden.png") != nil && bytes("hidden.png") == bytes("seen.png"))
    }
}
