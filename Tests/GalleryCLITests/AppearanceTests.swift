import Foundation
import ImageCodecs
import TestSupport
import Testing

/// `--appearance dark`: systemBackground black and the placeholder #48484A where no colour is given;
/// explicit colours win.
@Suite struct AppearanceTests {
    static func pixel(_ arguments: [String], x: Int, y: Int) throws -> [UInt8] {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try CommandRunner.run(
            [
                "render", "--count", "3", "--width", "300", "--height", "200", "--display-scale", "1", "-o",
                folder.file("f.png"),
            ]
                + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        let image = try ImageDecoder.decodeFile(atPath: folder.file("f.png")).image
        let i = (y * image.width + x) * 4
        return Array(image.pixels[i..<i + 4])
    }

    @Test func darkChangesTheDefaultsAndExplicitColoursWin() throws {
        // (2, 2): the background; (150, 100): the centred item, a placeholder (no photos).
        #expect(try Self.pixel([], x: 2, y: 2) == [255, 255, 255, 255])
        #expect(try Self.pixel(["--appearance", "dark"], x: 2, y: 2) == [0, 0, 0, 255])
        #expect(try Self.pixel(["--appearance", "dark"], x: 150, y: 100) == [0x48, 0x48, 0x4A, 255])
        #expect(try Self.pixel(["--appearance", "dark", "--background", "red"], x: 2, y: 2) == [255, 0, 0, 255])
        #expect(
            try Self.pixel(["--appearance", "dark", "--placeholder", "#102030"], x: 150, y: 100) == [16, 32, 48, 255])
        let bad = try CommandRunner.run(["layout", "--count", "1", "--appearance", "dim"])
        #expect(bad.status == 64 && bad.stderr.contains("--appearance"))
    }
}
