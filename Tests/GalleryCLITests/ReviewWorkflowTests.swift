import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// The review workflow's defects (issue 31, parts 1, 2 and 6): frames named by their offset, a
/// scene's device beating the defaults, and a missing baseline folder said once.
@Suite struct ReviewWorkflowTests {
    static let photos = Corpus.repositoryRoot.appendingPathComponent("Fixtures/photos").path

    static func manifest(_ scenes: String, defaults: String = #""width": 200, "height": 100"#) -> [UInt8] {
        Array("{\"defaults\": {\(defaults), \"photos\": [\"\(photos)\"]}, \"scenes\": [\(scenes)]}".utf8)
    }

    @Test func addingAnOffsetAddsOneFrameAndRenamesNone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.manifest(#"{"name": "s", "offsets": [0, 85, 170, 255]}"#), to: "m.json")
        let record = try CommandRunner.run(["check", "m.json", "--baseline", "b", "--record"], in: folder.path)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(
            TemporaryFolder.list(folder.file("b/s")).filter { $0.hasSuffix(".png") }
                == ["offset-0.png", "offset-170.png", "offset-255.png", "offset-85.png"])
        try folder.write(Self.manifest(#"{"name": "s", "offsets": [0, 42.5, 85, 170, 255, -20]}"#), to: "m.json")
        let check = try CommandRunner.run(["check", "m.json", "--baseline", "b"], in: folder.path)
        #expect(check.status == 1)
        #expect(check.stderr.contains("4 passed, 2 failed"), "\(check.stderr)")
        #expect(check.stderr.contains("FAIL s/offset-42.5.png: no baseline"))
        #expect(check.stderr.contains("FAIL s/offset--20.png: no baseline"))
    }

    @Test func twoEqualOffsetsInOneSceneAreRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.manifest(#"{"name": "s", "offsets": [0, 85, 0.0]}"#), to: "m.json")
        let run = try CommandRunner.run(["batch", "m.json", "--out", "o"], in: folder.path)
        #expect(run.status == 64)
        #expect(run.stderr.contains("scene 's': key 'offsets': the offset 0 is given twice"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("o")))
    }

    @Test func baselinesInTheIndexLayoutGetOneHintToRecordAnew() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.manifest(#"{"name": "s", "offsets": [0, 85]}"#), to: "m.json")
        try FileManager.default.createDirectory(atPath: folder.file("b/s"), withIntermediateDirectories: true)
        // PNGs, as the older layout recorded them (prune deletes only PNGs).
        let old = try PNGEncoder.encode(RGBAImage(width: 2, height: 2, fill: (0, 0, 0, 255)))
        try folder.write(old, to: "b/s/0000.png")
        try folder.write(old, to: "b/s/0001.png")
        let run = try CommandRunner.run(["check", "m.json", "--baseline", "b"], in: folder.path)
        #expect(run.status == 1)
        let hints = run.stderr.split(separator: "\n").filter { $0.contains("named by index") }
        #expect(hints.count == 1, "\(run.stderr)")
        // The missing ones alone, with the scene's own frame: --record would accept every failing frame too.
        #expect(hints.first?.contains("frames now by offset (s/offset-0.png)") == true, "\(run.stderr)")
        #expect(hints.first?.hasSuffix("gallery-render check m.json --baseline b --record-missing --prune") == true)
        let record = try CommandRunner.run(
            ["check", "m.json", "--baseline", "b", "--record-missing", "--prune"], in: folder.path)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(
            TemporaryFolder.list(folder.file("b/s")).filter { $0.hasSuffix(".png") } == [
                "offset-0.png", "offset-85.png",
            ])
    }

    @Test func aMissingBaselineFolderIsOneError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.manifest(#"{"name": "a"}, {"name": "s", "offsets": [0, 85]}"#), to: "m.json")
        let run = try CommandRunner.run(["check", "m.json", "--baseline", "nowhere/"], in: folder.path)
        #expect(run.status == 1)
        #expect(
            run.stderr.split(separator: "\n") == [
                "Error: the baseline folder nowhere/ does not exist; record it with: gallery-render check m.json --baseline nowhere/ --record"
            ], "\(run.stderr)")
        // A file in its place is one error too, recording or not, and is left alone.
        try folder.write(Array("x".utf8), to: "afile")
        for mode in [[], ["--record-missing"], ["--record"]] {
            let file = try CommandRunner.run(["check", "m.json", "--baseline", "afile"] + mode, in: folder.path)
            #expect(
                file.status == 1
                    && file.stderr.split(separator: "\n") == ["Error: the baseline folder afile is not a folder"],
                "\(mode): \(file.stderr)")
        }
        #expect(FileManager.default.contents(atPath: folder.file("afile")) == Data("x".utf8))
    }

    @Test func annotationsNameTheBaselineWithoutADoubledSlash() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.manifest(#"{"name": "a"}"#), to: "m.json")
        try FileManager.default.createDirectory(atPath: folder.file("b"), withIntermediateDirectories: true)
        try folder.write(Array("not a png".utf8), to: "b/a.png")
        let run = try CommandRunner.run(
            ["check", "m.json", "--baseline", "b/"], in: folder.path, environment: ["GITHUB_ACTIONS": "true"])
        #expect(run.output.contains("::error file=b/a.png,") && !run.output.contains("//"), "\(run.output)")
    }

    @Test func aManifestsOwnFaultsAreNamedAsTheirs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (text, said) in [
            (#"{"scen": []}"#, "m.json: unknown key 'scen': did you mean scenes?"),
            (#"{"defualts": {}, "scenes": []}"#, "m.json: unknown key 'defualts': did you mean defaults?"),
            (
                #"{"defaults": {"itemSzie": 90}, "scenes": [{"name": "z"}]}"#,
                "m.json: defaults: key 'itemSzie': unknown key: did you mean itemSize?"
            ),
            // A bad value the scene took from the defaults is the defaults' fault; its own, the scene's.
            (
                #"{"defaults": {"layout": "gird"}, "scenes": [{"name": "z"}]}"#,
                "m.json: defaults (in scene 'z'): key 'layout': the value 'gird' is invalid"
            ),
            (
                #"{"defaults": {"layout": "grid"}, "scenes": [{"name": "z", "layout": "gird"}]}"#,
                "m.json: scene 'z': key 'layout': the value 'gird' is invalid"
            ),
            (
                #"{"defaults": {"velocity": 100}, "scenes": [{"name": "z"}]}"#,
                "m.json: defaults (in scene 'z'): key 'velocity' needs key 'snap'"
            ),
            (
                #"{"defaults": {"offsets": [0, 0]}, "scenes": [{"name": "z"}]}"#,
                "m.json: defaults (in scene 'z'): key 'offsets': the offset 0 is given twice"
            ),
        ] {
            try folder.write(Array(text.utf8), to: "m.json")
            let run = try CommandRunner.run(["batch", "m.json", "--out", "o"], in: folder.path)
            #expect(run.status == 64 && run.stderr.contains(said), "\(text): \(run.stderr)")
        }
        let shard = try CommandRunner.run(["batch", "m.json", "--out", "o", "--shard", "aut"], in: folder.path)
        #expect(shard.status == 64 && shard.stderr.contains("did you mean auto?"), "\(shard.stderr)")
        let shell = try CommandRunner.run(["--generate-completion-script", "bahs"])
        #expect(shell.status == 64 && shell.stderr.contains("did you mean bash?"), "\(shell.stderr)")
    }

    @Test func aScenesDeviceBeatsTheDefaultsAndItsOwnSizeBeatsItsDevice() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            Self.manifest(
                #"{"name": "grid-ipad", "layout": "grid", "device": "ipad", "landscape": true}, {"name": "p", "device": "iphone-15"}, {"name": "q", "device": "iphone-15", "displayScale": 1}"#,
                defaults: #""width": 375, "displayScale": 2"#), to: "m.json")
        let run = try CommandRunner.run(["batch", "m.json", "--out", "o"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        func size(_ name: String) -> (Int, Int) {
            let bytes = [UInt8](FileManager.default.contents(atPath: folder.file("o/" + name)) ?? Data())
            guard bytes.count > 24 else { return (0, 0) }
            func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            return (be32(16), be32(20))
        }
        // iPad 1024 × 768 @2x in landscape; iPhone 15: 393 pt @3x (height the line's 200).
        #expect(size("grid-ipad.png") == (2048, 1536))
        #expect(size("p.png") == (1179, 600))
        #expect(size("q.png") == (393, 200))
    }

    @Test func aTrailingSlashIsNotDoubledInMessages() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.manifest(#"{"name": "a"}"#), to: "m.json")
        try FileManager.default.createDirectory(atPath: folder.file("b"), withIntermediateDirectories: true)
        let run = try CommandRunner.run(
            ["check", "m.json", "--baseline", "b/", "--report", "r/", "--junit", "j.xml"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr.contains("no baseline at b/a.png"), "\(run.stderr)")
        #expect(!run.stderr.contains("//"))
        let junit = String(
            decoding: FileManager.default.contents(atPath: folder.file("j.xml")) ?? Data(), as: UTF8.self)
        #expect(!junit.contains("//"), "\(junit)")
    }
}

extension ReviewWorkflowTests {
    @Test func orphanedBaselinesAreListedThenPrunedWhenRecording() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            Self.manifest(#"{"name": "a"}, {"name": "gone"}, {"name": "s", "offsets": [0, 85]}"#), to: "m.json")
        #expect(try CommandRunner.run(["check", "m.json", "--baseline", "b", "--record"], in: folder.path).status == 0)
        // Scene "gone" removed and one offset dropped: their baselines are orphans. A file outside b,
        // reached through a link inside it, is never listed nor deleted.
        try folder.write(Self.manifest(#"{"name": "a"}, {"name": "s", "offsets": [0]}"#), to: "m.json")
        try FileManager.default.createDirectory(atPath: folder.file("outside"), withIntermediateDirectories: true)
        try folder.write([1], to: "outside/keep.png")
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("b/elsewhere"), withDestinationPath: "../outside")
        let check = try CommandRunner.run(["check", "m.json", "--baseline", "b", "--report", "r"], in: folder.path)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.contains("orphan b/gone.png: no frame of the manifest reads it"), "\(check.stderr)")
        #expect(check.stderr.contains("orphan b/s/offset-85.png"))
        #expect(
            check.stderr.contains(
                "2 orphaned baselines: delete them with: gallery-render check m.json --baseline b --prune"))
        #expect(!check.stderr.contains("keep.png"))
        let results = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: folder.file("r/results.json"))))
                as? [String: Any])
        #expect(results["orphans"] as? [String] == ["gone.png", "s/offset-85.png"])
        let html = String(
            decoding: FileManager.default.contents(atPath: folder.file("r/index.html")) ?? Data(), as: UTF8.self)
        #expect(html.contains("2 orphaned") && html.contains("s/offset-85.png"))
        // A shard lists the whole manifest's orphans: it knows every scene.
        let shard = try CommandRunner.run(["check", "m.json", "--baseline", "b", "--shard", "1/2"], in: folder.path)
        #expect(shard.stderr.contains("orphan b/gone.png") && shard.stderr.contains("orphan b/s/offset-85.png"))
        let pruned = try CommandRunner.run(
            ["check", "m.json", "--baseline", "b", "--record", "--prune"], in: folder.path)
        #expect(pruned.status == 0, "\(pruned.stderr)")
        #expect(
            pruned.stderr.contains("pruned b/gone.png") && pruned.stderr.contains("Pruned 2 orphaned baselines in b"))
        // Each pruned baseline's layout goes with it.
        #expect(TemporaryFolder.list(folder.file("b")) == ["a.layout.json", "a.png", "elsewhere", "s"])
        #expect(TemporaryFolder.list(folder.file("b/s")) == ["offset-0.layout.json", "offset-0.png"])
        #expect(FileManager.default.fileExists(atPath: folder.file("outside/keep.png")))
        let alone = try CommandRunner.run(["check", "m.json", "--baseline", "b", "--prune"], in: folder.path)
        #expect(alone.status == 0 && alone.stderr.contains("Pruned 0 orphaned baselines"), "\(alone.stderr)")
    }
}

extension ReviewWorkflowTests {
    @Test func misspeltNamesGetTheNearestWithinTwoEdits() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (arguments, said) in [
            (["--offest", "10", "--count", "3"], "Unknown option '--offest': did you mean --offset?"),
            (["layout", "--count", "3", "--layuot", "grid"], "Unknown option '--layuot': did you mean --layout?"),
            (["layout", "--count", "3", "--layout", "gird"], "did you mean grid?"),
            (["chekc", "m.json"], "Unknown subcommand 'chekc': did you mean check?"),
            // Open values suggest their names; the root's own options are suggested without a subcommand.
            (["--count", "3", "--snap", "--deceleration", "fsat"], "did you mean fast?"),
            (["--count", "3", "--background", "whit"], "did you mean white?"),
            (["--verison"], "Unknown option '--verison': did you mean --version?"),
            // Another subcommand's option says whose it is (found by review: --drag got "--wrap?").
            (["--count", "3", "--drag", "-140"], "Unknown option '--drag' here: it is animate's"),
            (["layout", "--count", "3", "--quality", "80"], "Unknown option '--quality' here: it is animate's"),
            // A PNG is not written under another format's name (found by review: -o x.webp held PNG).
            (["--count", "3", "-o", "x.webp"], "names a .webp file, but render writes PNG"),
            (["--count", "3", "-o", "x.JPG"], "names a .jpg file, but render writes PNG"),
            // A command with a manifest or two images gets no other command's name for a scene option.
            (["diff", "a.png", "b.png", "--width", "3"], "Unknown option '--width'"),
        ] {
            let run = try CommandRunner.run(arguments, in: folder.path)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(said), "\(arguments): \(run.stderr)")
        }
        let diff = try CommandRunner.run(["diff", "a.png", "b.png", "--width", "3"], in: folder.path)
        #expect(!diff.stderr.contains("it is"), "\(diff.stderr)")
        // Three edits away: no guess.
        let far = try CommandRunner.run(["--zzzzzz", "1"], in: folder.path)
        #expect(far.status == 64 && !far.stderr.contains("did you mean"))
        // A subcommand takes no --version: no guess there, and a number is not a misspelt name.
        let check = try CommandRunner.run(["layout", "--count", "3", "--verison"], in: folder.path)
        #expect(check.status == 64 && !check.stderr.contains("did you mean"), "\(check.stderr)")
        let rate = try CommandRunner.run(["--count", "3", "--snap", "--deceleration", "1.5"], in: folder.path)
        #expect(rate.status == 64 && !rate.stderr.contains("did you mean"), "\(rate.stderr)")
        try folder.write(Self.manifest(#"{"name": "a", "ofset": 3}"#), to: "m.json")
        let manifest = try CommandRunner.run(["batch", "m.json", "--out", "o"], in: folder.path)
        #expect(manifest.status == 64)
        #expect(manifest.stderr.contains("key 'ofset': unknown key: did you mean offset?"), "\(manifest.stderr)")
    }

    @Test func todaysPhonesArePresetsAndDeviceListPrintsThem() throws {
        let list = try CommandRunner.run(["--device", "list"])
        #expect(list.status == 0)
        for line in [
            "iphone-16           393×852 pt @3x", "iphone-16-plus      430×932 pt @3x",
            "iphone-16-pro       402×874 pt @3x",
            "iphone-16-pro-max   440×956 pt @3x", "iphone-17           402×874 pt @3x",
            "iphone-air          420×912 pt @3x",
            "iphone-17-pro       402×874 pt @3x", "iphone-17-pro-max   440×956 pt @3x",
            "iphone-se-2         375×667 pt @2x",
            "iphone-se-3         375×667 pt @2x",
        ] {
            #expect(list.output.contains(line), "\(line): \(list.output)")
        }
        #expect(try CommandRunner.run(["layout", "--device=list"]).status == 0)
        let air = try CommandRunner.run(["layout", "--count", "1", "--device", "iphone-air", "--layout", "grid"])
        #expect(
            air.output.contains(#""viewport": {"width": 420, "height": 912}"#)
                && air.output.contains(#""displayScale": 3"#))
    }
}

extension ReviewWorkflowTests {
    @Test func offsetNamesAreTheShortestDecimalAndRangesReachTheirEnd() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            Self.manifest(#"{"name": "s", "offsets": [1e-7, 0.1, -0.0]}, {"name": "r", "offsets": "0..0.3/0.1"}"#),
            to: "m.json")
        #expect(try CommandRunner.run(["batch", "m.json", "--out", "o"], in: folder.path).status == 0)
        #expect(TemporaryFolder.list(folder.file("o/s")) == ["offset-0.1.png", "offset-0.png", "offset-1e-7.png"])
        #expect(
            TemporaryFolder.list(folder.file("o/r")) == [
                "offset-0.1.png", "offset-0.2.png", "offset-0.3.png", "offset-0.png",
            ])
        let shard = try CommandRunner.run(
            ["check", "m.json", "--baseline", "o", "--record", "--prune", "--shard", "1/2"], in: folder.path)
        #expect(shard.status == 64 && shard.stderr.contains("--prune needs the whole manifest"), "\(shard.stderr)")
    }
}
