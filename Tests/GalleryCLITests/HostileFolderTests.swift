import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A folder of hostile files mixed with good photos, through the binary: every bad file named once,
/// the good ones rendered, in bounded memory (a hang fails the time limit).
@Suite struct HostileFolderTests {
    static let hostile: [(String, [UInt8])] = [
        ("02-png-header-bomb.png", HostileFiles.pngHeaderBomb),
        ("03-png-inflate-bomb.png", HostileFiles.pngInflateBomb),
        ("05-jpeg-header-bomb.jpg", HostileFiles.jpegDeclaring(width: 65500, height: 65500)),
        ("06-jpeg-many-scans.jpg", HostileFiles.jpegWithManyScans(copies: 600)),
        ("08-truncated.jpg", HostileFiles.truncatedJPEG),
        ("09-truncated.png", HostileFiles.truncatedPNG),
    ]

    static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("photos"), withIntermediateDirectories: true)
        for (name, bytes) in hostile { try folder.write(bytes, to: "photos/" + name) }
        try folder.write(HostileFiles.jpegWithEXIFLoop, to: "photos/07-exif-loop.jpg")
        try folder.write(HostileFiles.jpegWithEXIFOverrun, to: "photos/07b-exif-overrun.jpg")
        try folder.write(HostileFiles.pngTinyButLarge, to: "photos/04-tiny-but-large.png")
        try folder.write(Array("just text".utf8), to: "photos/10-text.jpg")
        for (index, name) in ["01", "11", "12"].enumerated() {
            try FileManager.default.copyItem(
                atPath: Corpus.repositoryRoot.appendingPathComponent("Fixtures/photos/\(index + 1).jpg").path,
                toPath: folder.file("photos/\(name)-good.jpg"))
        }
        return folder
    }

    /// 12 images (the text file is skipped: not an image by its magic bytes) in one grid frame.
    static let arguments = ["--layout", "grid", "--columns", "4", "--width", "400", "--height", "330"]

    @Test(.timeLimit(.minutes(1))) func badFilesAreNamedAndTheGoodOnesRendered() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let run = try MeasuredProcess(
            [folder.file("photos"), "-o", folder.file("out.png")] + Self.arguments, folder: folder
        ).wait()
        #expect(run.status == 0, "\(run.stderr)")
        // Bounded memory: the largest image (3000² RGBA, 36 MB) plus the frame; AddressSanitizer's
        // shadow memory and quarantine roughly double a process's footprint.
        let limit = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil ? 400.0 : 1024
        #expect(run.peakMiB > 5 && run.peakMiB < limit, "peak \(run.peakMiB) MiB")
        let lines = run.stderr.split(separator: "\n")
        for (name, _) in Self.hostile {
            #expect(lines.filter { $0.contains(name) }.count == 1, "\(name) in \(run.stderr)")
        }
        #expect(!run.stderr.contains("good") && !run.stderr.contains("exif"))
        // The text file named like a photo is left out, and a warning says so (issue 31).
        #expect(
            lines.filter {
                $0.contains("10-text.jpg: not a PNG, JPEG, HEIF, AVIF or WebP image by its contents: skipped")
            }
            .count == 1, "\(run.stderr)")
        #expect(lines.count == Self.hostile.count + 1)
        // Cells 0, 10 and 11 hold the good photos (natural order); their centres are not the placeholder.
        let image = try ImageDecoder.decodeFile(atPath: folder.file("out.png")).image
        let side = 400.0 / 4 - 8, gap = (400 - 4 * side) / 3
        for cell in [0, 10, 11] {
            let x = Int(Double(cell % 4) * (side + gap) + side / 2), y = Int(Double(cell / 4) * (side + 10) + side / 2)
            #expect(image[x, y] != (0xAA, 0xAA, 0xAA, 255), "cell \(cell)")
        }
    }

    /// A file that is no image, in a listed folder and also named directly, is an item (a
    /// placeholder): said once as that, never as skipped (found by review).
    @Test func aFileNamedAndInAListedFolderIsAnItemNotSkipped() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("p"), withIntermediateDirectories: true)
        try folder.write(try PNGEncoder.encode(RGBAImage(width: 8, height: 8, fill: (9, 9, 9, 255))), to: "p/a.png")
        try folder.write(Array("text".utf8), to: "p/t.jpg")
        let run = try CommandRunner.run(
            ["p/", "p/t.jpg", "--layout", "grid", "--columns", "3", "--width", "300", "-o", "out.png"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").filter { $0.contains("t.jpg") }.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("(drawn as a placeholder)") && !run.stderr.contains("skipped"), "\(run.stderr)")
        // However the two are spelt (found by the verifier: `p ./p/t.jpg` said both).
        let spelt = try CommandRunner.run(
            ["p", "./p/t.jpg", "--layout", "grid", "--columns", "3", "--width", "300", "-o", "out.png"], in: folder.path
        )
        #expect(
            !spelt.stderr.contains("skipped") && spelt.stderr.contains("(drawn as a placeholder)"), "\(spelt.stderr)")
        // A folder listed twice, however spelt, says its skipped file once (found by the verifier).
        let twice = try CommandRunner.run(
            ["p", "./p/", "--layout", "grid", "--columns", "3", "--width", "300", "-o", "out.png"], in: folder.path)
        #expect(twice.stderr.split(separator: "\n").filter { $0.contains("skipped") }.count == 1, "\(twice.stderr)")
    }

    /// A FIFO named like a photo is said as any other such file (found by review: it vanished, and
    /// under --strict the items after it were renumbered), and never opened.
    @Test(.timeLimit(.minutes(1))) func aFIFONamedLikeAPhotoIsSaid() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("p"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Corpus.repositoryRoot.appendingPathComponent("Fixtures/photos/1.jpg").path,
            toPath: folder.file("p/1.jpg"))
        #expect(mkfifo(folder.file("p/2.png"), 0o644) == 0)
        // Each with its own reason (found by review: all were "not an image by its contents").
        try FileManager.default.createSymbolicLink(atPath: folder.file("p/3.jpg"), withDestinationPath: "gone.jpg")
        try FileManager.default.createSymbolicLink(atPath: folder.file("p/4.jpg"), withDestinationPath: "4.jpg")
        try folder.write(Array("version https://git-lfs.github.com/spec/v1\n".utf8), to: "p/5.jpg")
        // A folder named like a photo is no candidate, and said nowhere.
        try FileManager.default.createDirectory(atPath: folder.file("p/2019.jpg"), withIntermediateDirectories: true)
        let run = try CommandRunner.run(["layout", folder.file("p")])
        #expect(run.status == 0, "\(run.stderr)")
        for line in [
            "p/2.png: cannot read file: not a regular file: skipped",
            "p/3.jpg: cannot read file: No such file or directory: skipped",
            "p/4.jpg: cannot read file: Too many levels of symbolic links: skipped",
            "p/5.jpg: not a PNG, JPEG, HEIF, AVIF or WebP image by its contents: skipped",
        ] {
            #expect(run.stderr.contains(line), "\(run.stderr)")
        }
        #expect(!run.stderr.contains("2019.jpg"), "\(run.stderr)")
        let strict = try CommandRunner.run([folder.file("p"), "--strict", "-o", folder.file("out.png")])
        #expect(
            strict.status == 1 && strict.stderr.contains("p/2.png: cannot read file: not a regular file"),
            "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.png")))
    }

    @Test func strictRunFailsNamingEveryBadFileAndWritesNothing() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        // A file named like a photo that is no image fails a strict run first, alone (issue 51, item 11).
        let text = try MeasuredProcess(
            [folder.file("photos"), "-o", folder.file("out.png"), "--strict"] + Self.arguments, folder: folder
        ).wait()
        #expect(text.status == 1 && text.stderr.contains("10-text.jpg: not a PNG, JPEG"), "\(text.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.png")))
        try FileManager.default.removeItem(atPath: folder.file("photos/10-text.jpg"))
        let run = try MeasuredProcess(
            [folder.file("photos"), "-o", folder.file("out.png"), "--strict"] + Self.arguments, folder: folder
        ).wait()
        #expect(run.status == 1)
        for (name, _) in Self.hostile { #expect(run.stderr.contains(name)) }
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.png")))
    }

    @Test func aKilledWriteLeavesTheOldFileOrANewOneAndNoTemporaryAfterTheNextRun() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let old = Array("the previous frame".utf8)
        try folder.write(old, to: "big.png")
        // A 4000 × 5600 frame: long enough to encode and write that a kill lands mid-way.
        let arguments = [
            Corpus.repositoryRoot.appendingPathComponent("Fixtures/photos").path, "-o", folder.file("big.png"),
            "--layout", "grid", "--columns", "5", "--width", "1000", "--height", "1400", "--display-scale", "4",
            "--jobs", "1",
        ]
        for delay in [0.3, 0.8, 1.5] {
            let process = try MeasuredProcess(arguments, folder: folder)
            usleep(UInt32(delay * 1_000_000))
            process.kill(SIGKILL)
            _ = process.wait()
            let bytes = try ImageDecoder.readBytes(atPath: folder.file("big.png"))
            if bytes != old {
                #expect(try PNGDecoder.decode(bytes).image.width == 4000)  // complete, never partial
            }
        }
        let finished = try MeasuredProcess(arguments, folder: folder).wait()
        #expect(finished.status == 0)
        #expect(folder.contents().filter { $0.hasPrefix(".big.png.") }.isEmpty, "\(folder.contents())")
        #expect(try PNGDecoder.decode(ImageDecoder.readBytes(atPath: folder.file("big.png"))).image.height == 5600)
    }
}
