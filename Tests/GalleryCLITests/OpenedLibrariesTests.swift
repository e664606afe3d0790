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

    /// Where libheif cannot be loaded (here hidden by a mount namespace that puts /dev/null over it), a
    /// JPEG frame is rendered as ever and a HEIC photo is a placeholder with a warning that says why,
    /// as any photo that cannot be read (CONTRACT; `--strict` makes it an error).
    @Test(
        .enabled(
            if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
            "needs root and unshare to hide libheif"))
    func withoutLibheifJPEGsRenderAndAHEICSaysWhy() throws {
        let candidates = ["x86_64", "aarch64"].map { "/usr/lib/\($0)-linux-gnu/libheif.so.1" }
        guard let link = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else { return }
        let library = URL(fileURLWithPath: link).resolvingSymlinksInPath().path
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = Corpus.repositoryRoot.path
        func hidden(_ arguments: [String]) throws -> CommandRunner.Outcome {
            let quoted = ([CommandRunner.binary] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
            return try CommandRunner.run(
                ["--mount", "sh", "-c", "mount --bind /dev/null '\(library)' && exec \(quoted)"],
                executable: "/usr/bin/unshare")
        }
        let jpeg = try hidden(["--width", "100", "--count", "1", root + "/Fixtures/photos", "-o", folder.file("a.png")])
        #expect(jpeg.status == 0, "\(jpeg.stderr)")
        let heic = try hidden([
            "--width", "100", "--count", "1", root + "/Fixtures/heic/grid-250x190.heic", "-o", folder.file("h.png"),
        ])
        #expect(heic.status == 0, "\(heic.stderr)")
        #expect(heic.stderr.contains("cannot decode HEIF") && !heic.stderr.contains("corrupt"), "\(heic.stderr)")
        #expect(
            heic.stderr.contains("grid-250x190.heic") && heic.stderr.contains("libheif cannot be opened"),
            "\(heic.stderr)")
        let strict = try hidden([
            "--width", "100", "--count", "1", "--strict", root + "/Fixtures/heic/grid-250x190.heic", "-o",
            folder.file("s.png"),
        ])
        #expect(strict.status != 0 && strict.stderr.contains("libheif cannot be opened"), "\(strict.stderr)")
    }
}
