import Foundation
import Testing
import TestSupport

@testable import GalleryCore

#if canImport(Glibc)
    import Glibc
#endif

/// Paths inside a folder a pull request controls, reached from its descriptor (issue 51, item 7):
/// links followed only while they stay inside, at the moment of use.
@Suite struct FolderWalkTests {
    /// `root/` with `d/a.png` ("inside"), `outside/a.png` ("outside") beside it, and the links given.
    static func tree(_ links: [(String, String)]) throws -> (TemporaryFolder, String) {
        let folder = try TemporaryFolder()
        let root = folder.file("root")
        for sub in ["root/d", "outside"] {
            try FileManager.default.createDirectory(atPath: folder.file(sub), withIntermediateDirectories: true)
        }
        try folder.write(Array("inside".utf8), to: "root/d/a.png")
        try folder.write(Array("outside".utf8), to: "outside/a.png")
        for (link, target) in links {
            try FileManager.default.createSymbolicLink(atPath: folder.file("root/" + link), withDestinationPath: target)
        }
        return (folder, root)
    }

    static func read(_ relative: String, in root: String, followingLastLink: Bool = true) -> String? {
        guard let file = try? ContainedPath(relative, in: root).open(followingLastLink: followingLastLink),
            let bytes = try? file.contents(limit: 100)
        else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func linksThatStayInsideAreFollowedAndOthersRefused() throws {
        let (folder, root) = try Self.tree([
            ("in", "d"), ("up", "d/../d"), ("file.png", "d/a.png"), ("out", "../outside"),
            ("abs", "\(try #require(ContainedPath.realPath(try Self.tree([]).1)))"), ("loop", "loop"),
        ])
        defer { folder.remove() }
        let real = try #require(ContainedPath.realPath(root))
        try FileManager.default.createSymbolicLink(atPath: root + "/absIn", withDestinationPath: real + "/d")
        #expect(Self.read("d/a.png", in: root) == "inside")
        #expect(Self.read("in/a.png", in: root) == "inside")
        #expect(Self.read("up/a.png", in: root) == "inside")
        #expect(Self.read("file.png", in: root) == "inside")
        #expect(Self.read("file.png", in: root, followingLastLink: false) == nil)
        #expect(Self.read("absIn/a.png", in: root) == "inside")
        #expect(Self.read("out/a.png", in: root) == nil)
        #expect(Self.read("abs/d/a.png", in: root) == nil, "an absolute link to another folder")
        #expect(Self.read("loop/a.png", in: root) == nil)
        // A loop made after the check: the walk stops at the kernel's limit of links.
        try FileManager.default.createDirectory(atPath: root + "/l", withIntermediateDirectories: true)
        let looped = try ContainedPath("l/a.png", in: root)
        try FileManager.default.removeItem(atPath: root + "/l")
        try FileManager.default.createSymbolicLink(atPath: root + "/l", withDestinationPath: "l")
        let loop = Result { () throws(FileError) in try looped.open() }
        if case .failure(let error) = loop {
            #expect(error.cause == .system(errno: ELOOP))
        } else {
            Issue.record("opened")
        }
    }

    @Test func writesGoThroughInsideLinksAndReplaceALastLink() throws {
        let (folder, root) = try Self.tree([("in", "d"), ("out", "../outside"), ("d/b.png", "../../outside/a.png")])
        defer { folder.remove() }
        try ContainedPath("in/new.png", in: root, lastLink: .replace).write(Array("new".utf8))
        #expect(Self.read("d/new.png", in: root) == "new")
        // The last component, a link out: replaced by a regular file, the outside file untouched.
        try ContainedPath("d/b.png", in: root, lastLink: .replace).write(Array("b".utf8))
        #expect(Self.read("d/b.png", in: root, followingLastLink: false) == "b")
        #expect(
            String(
                decoding: FileManager.default.contents(atPath: folder.file("outside/a.png")) ?? Data(), as: UTF8.self)
                == "outside")
        // Missing folders are made; a write through a link out is refused and leaves nothing.
        try ContainedPath("x/y/z.png", in: root, lastLink: .replace).write(Array("z".utf8))
        #expect(Self.read("x/y/z.png", in: root) == "z")
        #expect(TemporaryFolder.list(folder.file("outside")) == ["a.png"])
    }

    /// The race the walk closes: a path checked while `swap` is a folder, used after it became a link
    /// leading out. The use refuses; nothing outside is read or written.
    @Test func aFolderSwappedForALinkAfterTheCheckIsNotFollowed() throws {
        let (folder, root) = try Self.tree([])
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: root + "/swap", withIntermediateDirectories: true)
        try folder.write(Array("inside".utf8), to: "root/swap/a.png")
        let write = try ContainedPath("swap/c.png", in: root, lastLink: .replace)
        let read = try ContainedPath("swap/a.png", in: root)
        try FileManager.default.removeItem(atPath: root + "/swap")
        try FileManager.default.createSymbolicLink(atPath: root + "/swap", withDestinationPath: "../outside")
        let written = #expect(throws: FileError.self) { try write.write(Array("c".utf8)) }
        let opened = #expect(throws: FileError.self) { try read.open() }
        let named = #expect(throws: FileError.self) { try ContainedPath.open(root + "/swap/a.png", under: root) }
        for error in [written, opened, named] {
            #expect({ if case .leavesFolder? = error?.cause { true } else { false } }(), "\(String(describing: error))")
        }
        #expect(TemporaryFolder.list(folder.file("outside")) == ["a.png"])
    }
    /// A combining mark after "/" makes one Character of the two, where the system sees a slash: a
    /// path is taken apart by scalars, so "../" before one is still a parent reference, and "/" first
    /// still absolute (found by review: `{name}` read the folder with such a name).
    @Test func aSlashBeforeACombiningMarkIsStillASlash() throws {
        let (folder, root) = try Self.tree([])
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("\u{301}out"), withIntermediateDirectories: true)
        try folder.write(Array("escaped".utf8), to: "\u{301}out/a.png")
        #expect(Self.read("d/../../\u{301}out/a.png", in: root) == nil)
        #expect(Self.read("../\u{301}out/a.png", in: root) == nil)
        #expect(throws: ContainmentError.self) { try ContainedPath("../\u{301}out/a.png", in: root) }
        #expect(throws: ContainmentError.self) { try ContainedPath("/\u{301}out/a.png", in: root) }
        #expect(SystemPath.components("a/../\u{301}x") == ["a", "..", "\u{301}x"])
        #expect(SystemPath.lastComponent("d/\u{301}mark.jpg") == "\u{301}mark.jpg")
        // "é" and "e" + U+0301 are one String to Swift, two names to the system.
        #expect(!SystemPath.isUnder("/r/cafe\u{301}/x", "/r/caf\u{E9}"))
        #expect(SystemPath.isUnder("/r/caf\u{E9}/x", "/r/caf\u{E9}") && SystemPath.isUnder("/r", "/r"))
    }
    /// A link inside the folder to a name that starts with a mark stays inside (found by review: the
    /// real path's prefix was compared by Characters, and `--prune` deleted what the link led to).
    @Test func aLinkToANameStartingWithAMarkStaysInside() throws {
        let (folder, root) = try Self.tree([("scroll", "\u{301}d")])
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: root + "/\u{301}d", withIntermediateDirectories: true)
        try folder.write(Array("marked".utf8), to: "root/\u{301}d/a.png")
        #expect(Self.read("scroll/a.png", in: root) == "marked")
        #expect(SystemPath.isHidden(".\u{301}x") && !SystemPath.isHidden("x."))
        #expect(SystemPath.dropping("ci/", from: "ci/\u{301}p/1.jpg") == "\u{301}p/1.jpg")
        #expect(SystemPath.dropping("caf\u{E9}/", from: "cafe\u{301}/x") == nil)
    }
}
