import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// Writing to what is not a plain file, as `cp` and `curl -o` do: devices, FIFOs and descriptors are
/// written into and never replaced; symlinks are written through; modes and the umask are respected.
@Suite(.timeLimit(.minutes(1))) struct OutputTargetTests {
    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode : 0
    }

    /// This process's umask, read without changing it.
    static var umaskBits: mode_t {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") }
        return line.flatMap { mode_t($0.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) } ?? 0o022
    }

    @Test(.enabled(if: getuid() == 0, "mknod needs root")) func aDeviceNodeIsWrittenIntoNotReplaced() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(mknod(folder.file("null"), S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
        try AtomicFile.write([1, 2, 3], to: folder.file("null"))
        #expect(Self.mode(folder.file("null")) & S_IFMT == S_IFCHR)
        #expect(folder.contents() == ["null"])
    }

    @Test func aFIFOIsWrittenIntoNotReplaced() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fifo = folder.file("pipe")
        #expect(mkfifo(fifo, 0o644) == 0)
        let reader = Thread { _ = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() }
        reader.start()
        try AtomicFile.write(Array(repeating: 7, count: 100_000), to: fifo)
        #expect(Self.mode(fifo) & S_IFMT == S_IFIFO)
        #expect(folder.contents() == ["pipe"])
    }

    @Test func aDescriptorPathIsWrittenIntoItsDescriptor() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        try AtomicFile.write([4, 5, 6], to: "/dev/fd/\(ends[1])")
        close(ends[1])
        var got = [UInt8](repeating: 0, count: 8)
        #expect(read(ends[0], &got, 8) == 3 && Array(got.prefix(3)) == [4, 5, 6])
    }

    @Test func aSymlinkIsWrittenThroughAndKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write([0], to: "real.png")
        #expect(chmod(folder.file("real.png"), 0o600) == 0)
        #expect(symlink("real.png", folder.file("link.png")) == 0)
        try AtomicFile.write([9, 9], to: folder.file("link.png"))
        #expect(Self.mode(folder.file("link.png")) & S_IFMT == S_IFLNK)
        #expect(try ImageDecoder.readBytes(atPath: folder.file("real.png")) == [9, 9])
        #expect(Self.mode(folder.file("real.png")) & 0o7777 == 0o600)  // the existing file's mode is kept
        // A dangling link makes its target.
        #expect(symlink("made.png", folder.file("dangling.png")) == 0)
        try AtomicFile.write([1], to: folder.file("dangling.png"))
        #expect(try ImageDecoder.readBytes(atPath: folder.file("made.png")) == [1])
    }

    @Test func aSymlinkLoopIsAnErrorSayingSo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(symlink("b", folder.file("a")) == 0 && symlink("a", folder.file("b")) == 0)
        #expect(throws: FileError(path: folder.file("a"), operation: .write, cause: .system(errno: ELOOP))) {
            try AtomicFile.write([1], to: folder.file("a"))
        }
    }

    @Test func aNewFileGetsTheUmaskAndALongNameFits() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let name = String(repeating: "n", count: 251) + ".png"  // 255 bytes, NAME_MAX
        try AtomicFile.write([1], to: folder.file(name))
        #expect(Self.mode(folder.file(name)) & 0o7777 == 0o666 & ~Self.umaskBits)
        #expect(folder.contents() == [name])
    }

    @Test func onlyOldUnlockedTemporariesAreSwept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (abandoned, held, young) = (
            ".gallery-render-00000000000000aa.tmp", ".gallery-render-00000000000000bb.tmp",
            ".gallery-render-00000000000000cc.tmp"
        )
        for name in [abandoned, held, young] { try folder.write([9], to: name) }
        var old = [timeval(tv_sec: 1_000_000, tv_usec: 0), timeval(tv_sec: 1_000_000, tv_usec: 0)]
        #expect(utimes(folder.file(abandoned), &old) == 0 && utimes(folder.file(held), &old) == 0)
        // A live writer elsewhere (another container, say) holds its lock.
        let lock = open(folder.file(held), O_RDONLY)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX) == 0)
        try AtomicFile.write([1], to: folder.file("out.png"))
        #expect(folder.contents() == [held, young, "out.png"])
    }
}
