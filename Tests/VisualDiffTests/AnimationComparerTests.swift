import GalleryCore
import ImageCodecs
import Testing
import VisualDiff

/// Animations compared frame by frame: every frame's count and verdict for a report's strip, frames
/// only one animation has failing, and every frame's images handed to a report that asks.
@Suite struct AnimationComparerTests {
    /// An 8 × 4 frame, black with `lit` white pixels in its first row.
    static func frame(lit: Int) -> RGBAImage {
        var image = RGBAImage(width: 8, height: 4, fill: (0, 0, 0, 255))
        for x in 0..<lit { for c in 0..<3 { image.pixels[x * 4 + c] = 255 } }
        return image
    }

    static func apng(_ frames: [RGBAImage]) throws -> [UInt8] {
        var writer = APNGWriter(fps: 20, alpha: false, frameCount: frames.count)
        for frame in frames { try writer.append(frame) }
        return Array(writer.take().joined())
    }

    @Test func everyFrameHasItsCountVerdictAndImages() throws {
        let expected = try Self.apng([Self.frame(lit: 0), Self.frame(lit: 1), Self.frame(lit: 2)])
        let actual = try Self.apng([Self.frame(lit: 0), Self.frame(lit: 3), Self.frame(lit: 2)])
        var handed: [(Int, Bool, Bool)] = []
        let result = try AnimationComparer().compare(expected: expected, actual: actual) { frame, _, e, a, diff in
            handed.append((frame, e != nil && a != nil, diff != nil))
        }
        // Frame 1: pixels 1 and 2 of the first row turn white, 2 of 32 differ.
        #expect(result.frames.map(\.diffPixels) == [0, 2, 0])
        #expect(result.frames.map(\.failed) == [false, true, false])
        #expect(result.frames.allSatisfy { $0.seconds == 0.05 })
        #expect(result.failingFrames == [1])
        #expect(handed.map(\.0) == [0, 1, 2] && handed.allSatisfy(\.1))
        #expect(handed.map(\.2) == [false, true, false], "a diff image for the frame that differs only")
    }

    /// A passing animation's counts are its frame nearest to failing: the most differing pixels,
    /// the first of equals (frame 1's 2, within a limit of 3).
    @Test func aPassingAnimationKeepsItsClosestFrame() throws {
        let expected = try Self.apng([Self.frame(lit: 0), Self.frame(lit: 1), Self.frame(lit: 2), Self.frame(lit: 0)])
        let actual = try Self.apng([Self.frame(lit: 0), Self.frame(lit: 3), Self.frame(lit: 4), Self.frame(lit: 1)])
        let result = try AnimationComparer(criteria: DiffCriteria(maxDiffPixels: 3)).compare(
            expected: expected, actual: actual)
        #expect(result.matches && result.frames.map(\.diffPixels) == [0, 2, 2, 1])
        let closest = try #require(result.closest)
        #expect(closest.width == 8 && closest.height == 4 && closest.diffPixels == 2 && closest.matches)
    }

    @Test func framesOnlyOneAnimationHasFailWithEveryPixel() throws {
        let expected = try Self.apng([Self.frame(lit: 0), Self.frame(lit: 1)])
        let actual = try Self.apng([Self.frame(lit: 0), Self.frame(lit: 1), Self.frame(lit: 5)])
        var present: [(Bool, Bool)] = []
        let result = try AnimationComparer().compare(expected: expected, actual: actual) { _, _, e, a, _ in
            present.append((e != nil, a != nil))
        }
        #expect(!result.matches)
        #expect(result.summary == "the rendering has 3 frames, its baseline 2 frames")
        #expect(result.frames.map(\.diffPixels) == [0, 0, 32] && result.failingFrames == [2])
        #expect(present.map(\.0) == [true, true, false] && present.map(\.1) == [true, true, true])
    }

    /// Frames of another size fail with every expected pixel counted, as `diff --json` counts them
    /// (found by review: each said 0 differing pixels).
    @Test func framesOfAnotherSizeCountEveryPixel() throws {
        let expected = try Self.apng([Self.frame(lit: 0), Self.frame(lit: 1)])
        let wider = RGBAImage(width: 9, height: 4, fill: (0, 0, 0, 255))
        let actual = try Self.apng([wider, wider])
        let result = try AnimationComparer().compare(expected: expected, actual: actual)
        #expect(!result.matches && result.failingFrames == [0, 1])
        #expect(result.frames.map(\.diffPixels) == [32, 32] && result.frames.allSatisfy(\.failed))
    }

    /// A damaged animation cannot be read, on either side, as `check` and `diff` compare them (found
    /// by review: a baseline cut before its IEND, or with a CRC flipped, passed).
    @Test func aDamagedAnimationCannotBeRead() throws {
        let whole = try Self.apng([Self.frame(lit: 0), Self.frame(lit: 1)])
        var flipped = whole
        flipped[flipped.count - 14] ^= 1
        for damaged in [Array(whole.dropLast(12)), flipped] {
            #expect(throws: AnimationReadError.self) {
                try AnimationComparer().compare(expected: damaged, actual: whole)
            }
            let error = #expect(throws: AnimationReadError.self) {
                try AnimationComparer().compare(expected: whole, actual: damaged)
            }
            #expect(error?.index == 1)
        }
    }

    @Test func aOneFrameAPNGIsNoStillImage() throws {
        // A fling with nowhere to go renders one APNG frame: only a PNG that is no APNG is a still.
        let two = try Self.apng([Self.frame(lit: 0), Self.frame(lit: 1)])
        let one = try Self.apng([Self.frame(lit: 0)])
        let still = try PNGEncoder.encode(Self.frame(lit: 0))
        #expect(
            try AnimationComparer().compare(expected: two, actual: one).summary
                == "the rendering has 1 frame, its baseline 2 frames")
        #expect(
            try AnimationComparer().compare(expected: two, actual: still).summary
                == "the rendering has 1 frame (a still image), its baseline 2 frames")
    }
}
