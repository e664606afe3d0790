import Foundation

#if canImport(Glibc)
    import Glibc
#endif
import ImageCodecs
import TestSupport
import Testing

/// The built binary, as users and scripts run it.
@Suite struct RenderCommandTests {
    static let fixtures = Corpus.repositoryRoot.appendingPathComponent("Fixtures/photos").path

    @Test func rendersTheDefaultFrame() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try CommandRunner.run(["--width", "375", "--offset", "120", Self.fixtures], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let image = try ImageDecoder.decodeFile(atPath: folder.file("gallery.png")).image
        #expect(image.width == 375 && image.height == 200)
        #expect(folder.contents() == ["gallery.png"])
    }

    @Test func writesToStandardOutput() throws {
        let run = try CommandRunner.run(["render", Self.fixtures, "--display-scale", "2", "-o", "-"])
        #expect(run.status == 0)
        let image = try ImageDecoder.decode(run.stdout).image
        #expect(image.width == 750 && image.height == 400)
    }

    @Test(
        arguments: [
            (["--width", "abc"], "--width"), (["--width=-5"], "--width"), (["--layout", "spiral"], "--layout"),
            (["--bogus"], "--bogus"), (["--offset"], "--offset"), (["--background", "#12"], "--background"),
            (["--columns", "0", "--layout", "grid"], "--columns"), (["--jobs", "0"], "--jobs"),
            (["--offsets", "10..0/5"], "--offsets"), (["--item-size", "nan"], "--item-size"),
            (["--velocity", "100"], "--velocity"), (["--device", "nokia"], "--device"),
            // Decimal numbers only, as whole-number options take them (found by review: 0x10 was 16).
            (["--offset", "0x10"], "--offset"), (["--offsets", "0,0x10"], "--offsets"),
            (["--item-size", "0x1p4"], "--item-size"), (["--offset", "inf"], "--offset"),
        ] as [([String], String)])
    func usageErrorsExit64NamingTheOptionAndWriteNothing(arguments: [String], option: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try CommandRunner.run([Self.fixtures] + arguments, in: folder.path)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: "))
        #expect(run.stderr.contains(option), "\(run.stderr)")
        #expect(run.stderr.contains("Usage: gallery-render"))
        #expect(folder.contents().isEmpty)
    }

    @Test func aNearlyInvisibleItemIsNotDrawn() throws {
        // Item 15 sits where the scale formula crosses 0; rounding left it 1e-15 and the filter asked
        // for ~1e15 taps.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try CommandRunner.run([
            "--width", "1024", "--item-size", "46", "--offset", "773", "--count", "40", Self.fixtures, "-o",
            folder.file("a.png"),
        ])
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test(.timeLimit(.minutes(1))) func aFIFOIsRefusedWithoutBlocking() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(mkfifo(folder.file("pipe.jpg"), 0o644) == 0)
        try FileManager.default.copyItem(atPath: Self.fixtures + "/1.jpg", toPath: folder.file("1.jpg"))
        let listed = try MeasuredProcess(["layout", folder.path], folder: folder).wait()
        #expect(listed.status == 0)
        let named = try MeasuredProcess(
            [folder.file("1.jpg"), folder.file("pipe.jpg"), "-o", folder.file("o.png")], folder: folder
        ).wait()
        #expect(named.status == 0)
        #expect(named.stderr.contains("pipe.jpg: cannot read file: not a regular file"))
    }

    @Test func negativeOffsetsAreValues() throws {
        let run = try CommandRunner.run(["layout", "--count", "5", "--overscroll", "--offsets", "-10..10/10"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.output.split(separator: "\n").count == 3)
        #expect(try CommandRunner.run(["layout", "--count", "5", "--offset", "-5"]).status == 0)
        // Not finite, said as such rather than as a missing value (found by review).
        for text in ["-inf", "-nan", "-Infinity"] {
            let run = try CommandRunner.run(["layout", "--count", "5", "--offset", text])
            #expect(
                run.status == 64 && run.stderr.contains("The value '\(text)' is invalid for '--offset <pt>'"),
                "\(run.stderr)")
        }
    }

    /// A bound says the side passed, as written: a width must be above 0 and at most a million
    /// points (found by review: "must be from 0 to 1000000, not 1000000000.0", though 0 is refused).
    @Test func aLengthPastItsBoundSaysWhichBound() throws {
        let run = try CommandRunner.run(["layout", "--count", "3", "--width=1e9"])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("must be at most 1000000, not 1000000000\n"), "\(run.stderr)")
    }

    @Test func missingPhotosArgumentIsAUsageError() throws {
        #expect(try CommandRunner.run(["--width", "375"]).status == 64)
    }

    @Test func missingFolderFailsNamingIt() throws {
        let run = try CommandRunner.run(["/nonexistent/photos"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("/nonexistent/photos"))
    }

    @Test func emptyFolderFailsNamingIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Array("not an image".utf8), to: "notes.txt")
        let run = try CommandRunner.run([folder.path, "-o", folder.file("out.png")])
        #expect(run.status == 1)
        #expect(run.stderr.contains(folder.path))
        #expect(!folder.contents().contains("out.png"))
        // With --count, placeholders are fine.
        #expect(try CommandRunner.run([folder.path, "--count", "5", "-o", folder.file("out/out.png")]).status == 0)
    }

    @Test func unwritableOutputFails() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write([0], to: "file")
        let run = try CommandRunner.run([Self.fixtures, "-o", folder.file("file/inside.png")])
        #expect(run.status == 1)
        #expect(run.stderr.contains("file/inside.png"))
    }

    @Test func unreadablePhotoIsAPlaceholderAndAWarning() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let photos = folder.file("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixtures + "/1.jpg", toPath: photos + "/1.jpg")
        try folder.write([0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 1, 2], to: "photos/2.jpg")
        let run = try CommandRunner.run([photos, "-o", folder.file("out.png")])
        #expect(run.status == 0)
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.hasPrefix("warning: \(photos)/2.jpg: corrupt JPEG"))
        #expect(try CommandRunner.run([photos, "-o", folder.file("quiet.png"), "--quiet"]).stderr.isEmpty)
    }

    @Test func strictFailureLeavesAnExistingOutputUntouchedAndNoTemporaryFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Array("truncated".utf8) + [0], to: "bad.png")
        let existing: [UInt8] = Array("previous frame".utf8)
        try folder.write(existing, to: "gallery.png")
        let run = try CommandRunner.run(
            [folder.file("bad.png"), Self.fixtures + "/1.jpg", "--strict"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr.contains("bad.png"))
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file("gallery.png")))) == existing)
        #expect(folder.contents() == ["bad.png", "gallery.png"])
    }

    @Test func helpAndVersion() throws {
        let help = try CommandRunner.run(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("USAGE:") && help.output.contains("SUBCOMMANDS:"))
        let renderHelp = try CommandRunner.run(["render", "--help"])
        for option in [
            "--layout <layout>", "--device <name>", "--offsets <list>", "--strict", "iphone-15-pro-max",
            "(values: line, grid,", "paging-scale, compositional;", "default: line)",
            "--paging-preset <preset>", "--shadow-offset <x,y>",
        ] {
            #expect(renderHelp.output.contains(option), "\(option)")
        }
        let version = try CommandRunner.run(["--version"])
        #expect(version.status == 0 && version.output.hasPrefix("0."))
    }

    @Test func outputIsByteIdenticalWhateverTheJobs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for jobs in ["1", "2", "7"] {
            let run = try CommandRunner.run([
                Self.fixtures, "--display-scale", "2", "--offset", "300", "--jobs", jobs, "-o",
                folder.file("j\(jobs).png"),
            ])
            #expect(run.status == 0)
        }
        let one = try Data(contentsOf: URL(fileURLWithPath: folder.file("j1.png")))
        #expect(one == (try Data(contentsOf: URL(fileURLWithPath: folder.file("j2.png")))))
        #expect(one == (try Data(contentsOf: URL(fileURLWithPath: folder.file("j7.png")))))
    }

    @Test func eachFrameOfASequenceEqualsTheSameOffsetAlone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try CommandRunner.run([
            Self.fixtures, "--offsets", "0..340/85", "-o", folder.file("seq/{index}-{offset}.png"),
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(folder.contents() == ["seq"])
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.file("seq"))) ?? []).sorted()
        #expect(names == ["0000-0.png", "0001-85.png", "0002-170.png", "0003-255.png", "0004-340.png"])
        let alone = try CommandRunner.run([Self.fixtures, "--offset", "255", "-o", folder.file("alone.png")])
        #expect(alone.status == 0)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: folder.file("alone.png")))
                == Data(contentsOf: URL(fileURLWithPath: folder.file("seq/0003-255.png"))))
    }

    @Test func sequenceNeedsAPattern() throws {
        let run = try CommandRunner.run([Self.fixtures, "--offsets", "0,10", "-o", "x.png"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("{index}"))
    }
}
