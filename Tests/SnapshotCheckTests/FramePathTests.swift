import Testing

@testable import SnapshotCheck

/// Only the paths a manifest's frames are written to pass: a report from another job can name no
/// other file in a baseline folder, nor one frame in two spellings.
@Suite struct FramePathTests {
    @Test(arguments: [
        "a.png", "a.png/offset-120.png", "scroll/offset-42.5.png", "s/offset--20.png", "s/offset-0.png",
        "s/offset-1e-7.png", "s/offset-1e16.png", "s/offset-1000000000000000.0.png", "s/offset-0.25.png", "x_y-z.9.png",
        String(repeating: "n", count: 128) + ".png",
    ])
    func aManifestsFramePathPasses(_ path: String) {
        #expect(FramePath.isFramePath(path))
    }

    @Test(arguments: [
        "./a.png", "a", "a.txt", ".a.png", "a.layout.json", "a\t.png", "a\u{7}.png", "", "/a.png", "a/../a.png",
        "a//offset-1.png", "a/b/offset-1.png", "a/x.png", "a/offset-.png", "a/offset-01.png", "a/offset-1.50.png",
        "a/offset-1.00.png",
        "a/offset-1..png", "a/offset-+1.png", "a/offset-1e07.png", "a/offset-1e+7.png", "a/offset-1E7.png",
        "a/offset-inf.png", "a/offset-nan.png", "a/offset-0x10.png", "a/offset- 1.png", "a/offset-١.png",
        "./offset-1.png", String(repeating: "n", count: 129) + ".png", "é.png",
        // Numbers the tool would spell otherwise (found by review: a merge counted 60 and 60.0 twice).
        "s/offset-60.0.png", "s/offset-1.0.png", "s/offset-0.00001.png", "s/offset-10e4.png", "s/offset-1e5.png",
    ])
    func anyOtherPathIsRefused(_ path: String) {
        #expect(!FramePath.isFramePath(path), "\(String(reflecting: path))")
    }

    @Test func sceneNamesAreTheManifestsRule() {
        for name in ["a", "A.b-c_9", "a.png"] { #expect(FramePath.isSceneName(name)) }
        for name in ["", ".a", "a/b", "a b", "a\u{0}", "ä"] { #expect(!FramePath.isSceneName(name)) }
    }
}
