import Foundation
import Testing
import TestSupport

/// libheif (with the codecs it links) and libavcodec are opened on the first HEIF photo, not linked:
/// a run without one never loads them, which spared ~8 ms of every start (`--version`: 23 → 15 ms).
/// glibc's loader says what it opens under `LD_DEBUG=files`.
@Suite struct OpenedLibrariesTests {
    static func loaded(by arguments: [String]) throws -> String {
        let run = try CommandRunner.run(arguments, environment: ["LD_DEBUG": "files"])
        #expect(run.status == 0, "\(run.stderr.suffix(2_000))")
        return run.stderr
    }

    @Test func onlyAHEIFPhotoOpensLibheifAndLibavcodec() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = Corpus.repositoryRoot.path
        let jpeg = try Self.loaded(by: [
            "--width", "100", "--count", "1", root + "/Fixtures/photos", "-o", folder.file("a.png"), "--quiet",
        ])
        #expect(jpeg.contains("libjpeg"), "LD_DEBUG shows no libraries: \(jpeg.prefix(500))")
        #expect(!jpeg.contains("libheif") && !jpeg.contains("libavcodec") && !jpeg.contains("libde265"))
        let version = try Self.loaded(by: ["--version"])
        #expect(!version.contains("libheif") && !version.contains("libx265"))
        let heic = try Self.loaded(by: [
            "--width", "100", "--count", "1", root + "/Fixtures/heic/grid-250x190.heic", "-o", folder.file("h.png"),
            "--quiet",
        ])
        #expect(heic.contains("libheif.so.1") && heic.contains("libavcodec.so."))
    }
}
