import Foundation
import TestSupport
import Testing

/// Photos of items that paint no pixel are not read (`HiddenPhotos`), with two exceptions found by
/// review: the frame cache's key still names them (a caption may show the name), and `--strict`
/// still reads every photo a frame lays out.
@Suite struct HiddenPhotoCommandTests {
    /// The fixtures 1 … 20 in order, 2.jpg under `second`.
    static func photos(_ folder: TemporaryFolder, second: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder.file("p"), withIntermediateDirectories: true)
        return try (1...20).map { number in
            let name = number == 2 ? second : "\(number).jpg"
            let path = folder.file("p/\(name)")
            if !FileManager.default.fileExists(atPath: path) {
                try FileManager.default.copyItem(atPath: RenderCommandTests.fixtures + "/\(number).jpg", toPath: path)
            }
            return "p/\(name)"
        }
    }

    /// A rotary whose hidden items' captions show below their cards (found by review).
    static func manifest(_ photos: [String]) -> String {
        let list = photos.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            {"defaults": {"layout": "rotary", "count": 20, "captionSize": 60, "itemSize": "160x90",
                          "caption": "{name}", "photos": [\(list)]},
             "scenes": [{"name": "rot", "offset": 1147.156950918899}]}
            """
    }

    @Test func renamingAHiddenItemsPhotoMissesTheCache() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Array(Self.manifest(try Self.photos(folder, second: "two.jpg")).utf8), to: "m1.json")
        try folder.write(Array(Self.manifest(try Self.photos(folder, second: "XYZ.jpg")).utf8), to: "m2.json")
        for (manifest, out) in [("m1.json", "o1"), ("m2.json", "o2")] {
            let run = try CommandRunner.run(["batch", manifest, "--out", out, "--cache", "cache"], in: folder.path)
            #expect(run.status == 0 && run.stderr.contains("0 frames from the cache"), "\(manifest): \(run.stderr)")
        }
        let fresh = try CommandRunner.run(["batch", "m2.json", "--out", "fresh"], in: folder.path)
        #expect(fresh.status == 0)
        let (cached, made) = (
            try Data(contentsOf: URL(fileURLWithPath: folder.file("o2/rot.png"))),
            try Data(contentsOf: URL(fileURLWithPath: folder.file("fresh/rot.png")))
        )
        #expect(cached == made)
    }

    /// The bench's cover flow hides its third item; under --strict its unreadable photo still fails.
    @Test func strictReadsAHiddenItemsPhoto() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let photos = try Self.photos(folder, second: "2.jpg")
        try folder.write(Array("not a jpeg".utf8), to: "p/3.jpg")
        let base = ["--layout", "coverflow", "--width", "375", "--height", "300", "--offset", "1100"] + photos
        let loose = try CommandRunner.run(base + ["-o", "a.png"], in: folder.path)
        #expect(loose.status == 0 && !loose.stderr.contains("3.jpg"), "\(loose.stderr)")
        let strict = try CommandRunner.run(base + ["--strict", "-o", "b.png"], in: folder.path)
        #expect(strict.status == 1 && strict.stderr.contains("3.jpg"), "\(strict.stderr)")
    }
}
