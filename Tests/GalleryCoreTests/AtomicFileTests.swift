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

/// Standard output a parent left non-blocking: a full pipe is waited for, not an error.
@Suite struct DescriptorWriteTests {
    @Test func aNonBlockingPipeTakesEverythingAsItsReaderDrainsIt() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        try #require(fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK) == 0)
        // 1 MiB through a 64 KiB pipe: the writer meets EAGAIN many times while the reader drains it.
        let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let reader = Thread.detachedReader(ends[0], expecting: bytes.count)
        let failure = DescriptorWrite.all(bytes, to: ends[1])
        close(ends[1])
        #expect(failure == nil)
        #expect(reader.wait() == bytes)
    }
}

extension Thread {
    /// Reads `count` bytes from `descriptor` on a thread of its own, in small pieces.
    fileprivate static func detachedReader(_ descriptor: Int32, expecting count: Int) -> ReadResult {
        let result = ReadResult()
        Thread.detachNewThread {
            var got: [UInt8] = []
            var piece = [UInt8](repeating: 0, count: 4096)
            while got.count < count {
                let n = piece.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                got += piece[..<n]
                usleep(50)
            }
            result.finish(got)
        }
        return result
    }
}

/// What a reader thread read, waited for.
private final class ReadResult: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var bytes: [UInt8] = []

    func finish(_ bytes: [UInt8]) {
        self.bytes = bytes
        done.signal()
    }

    func wait() -> [UInt8] {
        done.wait()
        return bytes
    }
}
