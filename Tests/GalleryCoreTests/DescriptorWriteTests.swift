import Foundation
import GalleryCore
import Testing

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
