import Foundation
import GalleryCore
import ImageCodecs
import RenderPipeline
import TestSupport
import Testing

/// The frame sinks write what the encoders make, whatever the batching: an APNG in memory or in a file
/// is the bytes of one APNGWriter given every frame, for any `jobs`; a PNG a frame goes where it is named.
@Suite struct FrameSinkTests {
    /// Eight 40×30 frames, a bar moving right, so each frame differs from the one before.
    static let frames: [RGBAImage] = (0..<8).map { step in
        var pixels = [UInt8](repeating: 255, count: 40 * 30 * 4)
        for y in 0..<30 {
            for x in (step * 4)..<(step * 4 + 6) {
                pixels[(y * 40 + x) * 4] = 200
                pixels[(y * 40 + x) * 4 + 1] = UInt8(20 * step)
            }
        }
        return RGBAImage(width: 40, height: 30, pixels: pixels)
    }

    static func reference(colorSpace: ColorSpace) throws -> [UInt8] {
        var writer = APNGWriter(fps: 30, loops: 2, alpha: false, frameCount: frames.count, colorSpace: colorSpace)
        for frame in frames { try writer.append(frame) }
        return Array(writer.take().joined())
    }

    @Test(arguments: [1, 3, 8]) func anAPNGIsTheSameBytesInMemoryAndInAFileForAnyJobs(jobs: Int) throws {
        let expected = try Self.reference(colorSpace: .displayP3)
        var memory = try APNGSink(
            to: nil, fps: 30, loops: 2, alpha: false, frameCount: Self.frames.count, colorSpace: .displayP3, jobs: jobs)
        for (index, frame) in Self.frames.enumerated() { try memory.append(frame, index: index) }
        try memory.finish()
        #expect(memory.bytes == expected)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var file = try APNGSink(
            to: folder.file("a.png"), fps: 30, loops: 2, alpha: false, frameCount: Self.frames.count,
            colorSpace: .displayP3, jobs: jobs)
        for (index, frame) in Self.frames.enumerated().prefix(5) { try file.append(frame, index: index) }
        // Nothing is in place before the end.
        #expect(!FileManager.default.fileExists(atPath: folder.file("a.png")))
        for (index, frame) in Self.frames.enumerated().dropFirst(5) { try file.append(frame, index: index) }
        try file.finish()
        #expect([UInt8](FileManager.default.contents(atPath: folder.file("a.png")) ?? Data()) == expected)
    }

    @Test func aStillGoesWhereItIsNamedTaggedAndAFailedOneFailsAlone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write([1], to: "plain")
        let paths = [folder.file("f0.png"), folder.file("plain/f1.png"), folder.file("f2.png"), folder.file("f3.png")]
        let written = Locked(0)
        let sink = StillsSink(
            paths: paths, colorSpace: .displayP3, threadsPerFrame: 1, pending: 1,
            written: { written.withLock { $0 += 1 } })
        // Handed over in any order, from several threads, as the workers finish them.
        DispatchQueue.concurrentPerform(iterations: 3) { index in sink.take(Self.frames[2 - index], index: 2 - index) }
        sink.skip(index: 3)  // a still that did not render does not stop the others
        let outcome = sink.finish()
        #expect(written.withLock { $0 } == 4)
        #expect(Array(outcome.failures.keys) == [1])
        guard case .write? = outcome.failures[1] else {
            Issue.record("expected a write failure, got \(String(describing: outcome.failures[1]))")
            return
        }
        #expect(outcome.encodeSeconds.keys.sorted() == [0, 1, 2])
        for index in [0, 2] {
            let bytes = [UInt8](FileManager.default.contents(atPath: paths[index]) ?? Data())
            #expect(bytes == (try PNGEncoder.encode(Self.frames[index], colorSpace: .displayP3)))
        }
        #expect(!FileManager.default.fileExists(atPath: paths[3]))
    }

    @Test func aSinkToAFolderThatCannotBeMadeFailsAsAWrite() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write([1], to: "plain")
        #expect {
            _ = try APNGSink(
                to: folder.file("plain/a.png"), fps: 30, loops: 0, alpha: false, frameCount: 1, colorSpace: .srgb,
                jobs: 1)
        } throws: { error in
            if case FrameSinkError.write = error { return true }
            return false
        }
    }
}
