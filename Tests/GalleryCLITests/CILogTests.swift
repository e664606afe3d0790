import Foundation
import Testing
import TestSupport

@testable import GalleryCLI

/// Without a terminal (a CI log): progress every 10 % or 10 s, whichever comes later, one summary line
/// at the end of batch, check and animate, and neither under --quiet (contract, "Progress").
@Suite struct CILogTests {
    @Test func aLogLineWaitsForTheLaterOfATenthAndTenSeconds() {
        // A tenth more, but 9.9 s after the last line: not yet; 10 s later but the same tenth: not yet.
        #expect(!Progress.logsLine(tenth: 3, elapsed: 19.9, last: (tenth: 2, at: 10)))
        #expect(!Progress.logsLine(tenth: 2, elapsed: 40, last: (tenth: 2, at: 10)))
        #expect(Progress.logsLine(tenth: 3, elapsed: 20, last: (tenth: 2, at: 10)))
        // The first line: a tenth done and 10 s gone.
        #expect(!Progress.logsLine(tenth: 1, elapsed: 5, last: (tenth: 0, at: 0)))
        #expect(Progress.logsLine(tenth: 1, elapsed: 10, last: (tenth: 0, at: 0)))
    }

    static let photos = Corpus.repositoryRoot.appendingPathComponent("Fixtures/photos").path

    @Test func batchCheckAndAnimateEndWithOneSummaryLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            Array(
                """
                {"defaults": {"width": 200, "height": 100, "photos": ["\(Self.photos)"]},
                 "scenes": [{"name": "a", "offsets": [0, 40]}, {"name": "b"}]}
                """.utf8), to: "m.json")
        let batch = try CommandRunner.run(["batch", "m.json", "--out", "o"], in: folder.path)
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(
            Self.matches(batch.stderr, #"^batch: 3 frames of 2 scenes, 0 failed, in [0-9]+\.[0-9] s\n$"#),
            "\(batch.stderr)")
        let record = try CommandRunner.run(["check", "m.json", "--baseline", "b", "--record"], in: folder.path)
        #expect(record.status == 0, "\(record.stderr)")
        let check = try CommandRunner.run(["check", "m.json", "--baseline", "b"], in: folder.path)
        #expect(
            check.status == 0 && Self.matches(check.stderr, #"^3 passed, 0 failed, in [0-9]+\.[0-9] s\n$"#),
            "\(check.stderr)")
        let animate = try CommandRunner.run(
            ["animate", Self.photos, "--width", "200", "--height", "100", "--fling", "300", "-o", "f.png"],
            in: folder.path)
        #expect(
            animate.status == 0 && Self.matches(animate.stderr, #"^animate: [0-9]+ frames in [0-9]+\.[0-9] s\n$"#),
            "\(animate.stderr)")
        for arguments in [
            ["batch", "m.json", "--out", "o", "--quiet"], ["check", "m.json", "--baseline", "b", "--quiet"],
            ["animate", Self.photos, "--width", "200", "--height", "100", "--fling", "300", "-o", "f.png", "--quiet"],
        ] {
            let quiet = try CommandRunner.run(arguments, in: folder.path)
            #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(arguments): \(quiet.stderr)")
        }
    }

    @Test func aManifestsPhotoFolderWarnsOfAFileNamedLikeAPhotoOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("p"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.photos + "/1.jpg", toPath: folder.file("p/1.jpg"))
        try folder.write(Array("not an image".utf8), to: "p/2.jpg")
        try folder.write(
            Array(
                """
                {"defaults": {"width": 200, "height": 100, "photos": ["p"]},
                 "scenes": [{"name": "a"}, {"name": "b", "offset": 40}]}
                """.utf8), to: "m.json")
        for arguments in [["batch", "m.json", "--out", "o"], ["check", "m.json", "--baseline", "b", "--record"]] {
            let run = try CommandRunner.run(arguments, in: folder.path)
            #expect(run.status == 0, "\(run.stderr)")
            let warnings = run.stderr.split(separator: "\n").filter {
                $0.hasPrefix("warning: ")
                    && $0.hasSuffix("p/2.jpg: not a PNG, JPEG, HEIF, AVIF or WebP image by its contents: skipped")
            }
            #expect(warnings.count == 1, "\(arguments): \(run.stderr)")
        }
    }

    static func matches(_ text: String, _ pattern: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }
}
