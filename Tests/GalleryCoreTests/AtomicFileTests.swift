import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

@Suite struct AtomicFileTests {
    @Test func writesAndReplacesWithoutLeavingTemporaries() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try AtomicFile.write([1, 2, 3], to: folder.file("a/b/out.png"))
        try AtomicFile.write([4, 5], to: folder.file("a/b/out.png"))
        #expect(try ImageDecoder.readBytes(atPath: folder.file("a/b/out.png")) == [4, 5])
        #expect(TemporaryFolder.list(folder.file("a/b")) == ["out.png"])
    }

    @Test func aRemovedScratchFolderIsNotMadeAgain() throws {
        // As a signal's cleanup leaves it while other workers still write: gone, still registered.
        // A writer must fail rather than make it again, or the copy would outlive the process.
        let scratch = try ScratchFolder(prefix: "gallery-render-test-")
        defer { scratch.remove() }
        try FileManager.default.removeItem(atPath: scratch.path)
        for path in [scratch.path + "/scene/0000.png", scratch.path + "//scene/0000.png", scratch.path + "/x.png"] {
            let error = #expect(throws: FileError.self) { try AtomicFile.write([1], to: path) }
            #expect(error?.cause == .system(errno: ENOENT), "\(path): \(String(describing: error))")
            #expect(!FileManager.default.fileExists(atPath: scratch.path), "\(path)")
        }
    }

    @Test func failureLeavesNothingAndNamesThePath() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write([0], to: "plain")
        #expect(
            throws: FileError(
                path: folder.file("plain/out.png"), operation: .createFolder(folder.file("plain")),
                cause: .system(errno: ENOTDIR))
        ) { try AtomicFile.write([1], to: folder.file("plain/out.png")) }
        // The target is a folder: rename fails after the temporary was written; it must be gone.
        try FileManager.default.createDirectory(atPath: folder.file("dir.png/x"), withIntermediateDirectories: true)
        #expect(throws: FileError(path: folder.file("dir.png"), operation: .write, cause: .system(errno: EISDIR))) {
            try AtomicFile.write([1], to: folder.file("dir.png"))
        }
        #expect(folder.contents() == ["dir.png", "plain"])
    }
}
