import Foundation
import TestSupport
import Testing

/// Progress on a real terminal: the binary run under util-linux's `script`, which gives it a pty.
@Suite struct TerminalProgressTests {
    /// A warning that comes mid-run clears the progress bar's line first, so it stands on a line of
    /// its own, and the bar is drawn again below it (found by review: "… ETA 4s warning: 11.jpg: …").
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func aWarningMidRunClearsTheProgressLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fixtures = Corpus.repositoryRoot.appendingPathComponent("Fixtures/photos").path
        try FileManager.default.createDirectory(atPath: folder.file("p"), withIntermediateDirectories: true)
        for n in 1...10 {
            try FileManager.default.copyItem(atPath: "\(fixtures)/\(n).jpg", toPath: folder.file("p/\(n).jpg"))
        }
        // The last item, truncated: decoded (and warned about) once the run has drawn many frames.
        let whole = try Data(contentsOf: URL(fileURLWithPath: "\(fixtures)/11.jpg"))
        try whole.prefix(3000).write(to: URL(fileURLWithPath: folder.file("p/11.jpg")))
        let command = "'\(CommandRunner.binary)' p --offsets 0..1700/5 -o 'f/{index}.png'"
        let run = try CommandRunner.run(
            ["-qec", command, "/dev/null"], in: folder.path, executable: "/usr/bin/script")
        #expect(run.status == 0, "\(run.stderr)")
        let screen = run.output
        let bar = try #require(screen.range(of: " frames  "), "no progress bar: \(screen.prefix(300))")
        let warning = try #require(screen.range(of: "warning: p/11.jpg: corrupt JPEG"), "\(screen.suffix(600))")
        // Drawn after frames were, and on its own line: the bar's line cleared (ESC [K) just before.
        #expect(bar.lowerBound < warning.lowerBound)
        #expect(screen[..<warning.lowerBound].hasSuffix("\r\u{1B}[K"), "\(screen[..<warning.lowerBound].suffix(80))")
        #expect(screen[warning.lowerBound...].contains(" frames  "), "the bar was not drawn again")
    }
}
