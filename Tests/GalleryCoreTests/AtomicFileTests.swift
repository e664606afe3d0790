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

    @Test func temporariesOfDeadProcessesAreSweptByTheNextWrite() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // PID 2^22 + 1 is above Linux's pid_max limit, so no such process can exist.
        try folder.write([9], to: ".out.png.4194305.tmp-abc123")
        try folder.write([9], to: ".other.png.4194305.tmp-abc123")
        try AtomicFile.write([1], to: folder.file("out.png"))
        #expect(folder.contents() == [".other.png.4194305.tmp-abc123", "out.png"])
        // Names with dots of their own; the folder was listed by the first write, not again.
        try folder.write([9], to: ".frame.v2.png.4194305.tmp-xyz789")
        try AtomicFile.write([2], to: folder.file("other.png"))
        #expect(folder.contents() == [".frame.v2.png.4194305.tmp-xyz789", "other.png", "out.png"])
    }

    @Test func temporariesWithDotsInTheNameAreSwept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write([9], to: ".frame.v2.png.4194305.tmp-xyz789")
        try folder.write([9], to: ".frame.png.4194305.tmp-xyz789")
        try AtomicFile.write([1], to: folder.file("frame.v2.png"))
        #expect(folder.contents() == [".frame.png.4194305.tmp-xyz789", "frame.v2.png"])
    }

    @Test func onlyPositiveDigitProcessIdsCount() throws {
        // "-99999" would make kill() ask about a process group; neither entry is one of ours.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write([9], to: ".out.png.-99999.tmp-abc123")
        try folder.write([9], to: ".out.png.+4194305.tmp-abc123")
        try AtomicFile.write([1], to: folder.file("out.png"))
        #expect(folder.contents() == [".out.png.+4194305.tmp-abc123", ".out.png.-99999.tmp-abc123", "out.png"])
    }
}
