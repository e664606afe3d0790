import GalleryCore
import ImageCodecs
import TestSupport
import Testing

@testable import VisualDiff

/// The streaming diff must give exactly what pixelmatch gives on the whole decoded images: the same
/// counts and the same diff image, at every size (bands, ring wrap-around, tails), with and without
/// alpha, anti-aliasing and thresholds. And a file the fast reader gives up on halfway falls back to
/// the whole-image path.
@Suite struct StreamingDiffTests {
    /// Noise on a gradient with hard-edged stripes (for the anti-aliasing test), opaque or not.
    static func photo(width: Int, height: Int, seed: UInt64, translucent: Bool) -> RGBAImage {
        var random = SplitMix(seed: seed)
        var image = RGBAImage(width: width, height: height, fill: (0, 0, 0, 255))
        for y in 0..<height {
            for x in 0..<width {
                let stripe = (x / 3 + y / 5) % 4 == 0
                let base = stripe ? 230 : (x * 255 / max(1, width) + y) % 200
                let noise = Int.random(in: -6...6, using: &random)
                let value = UInt8(clamping: base + noise)
                let alpha: UInt8 = translucent && (x + y) % 7 == 0 ? UInt8.random(in: 0...255, using: &random) : 255
                image[x, y] = (value, UInt8(clamping: base / 2 + noise), UInt8(clamping: 255 - base), alpha)
            }
        }
        return image
    }

    /// `image` with a block recoloured, a band brightened, a stripe shifted and single pixels changed
    /// around the band and ring boundaries (rows 15–17, 63–65, 127–129) and at the corners.
    static func changed(_ image: RGBAImage, seed: UInt64) -> RGBAImage {
        var random = SplitMix(seed: seed)
        var result = image
        let (width, height) = (image.width, image.height)
        for y in (height / 3)..<min(height, height / 3 + 5) {
            for x in (width / 4)..<min(width, width / 4 + 7) { result[x, y] = (220, 40, 40, 255) }
        }
        for y in (height / 2)..<min(height, height / 2 + 3) {
            for x in 0..<width {
                let p = image[x, y]
                result[x, y] = (UInt8(clamping: Int(p.r) + 24), UInt8(clamping: Int(p.g) + 24), p.b, p.a)
            }
        }
        if height > 10 { for x in 1..<width { result[x, 9] = image[x - 1, 9] } }
        for y in [0, 15, 16, 17, 63, 64, 65, 127, 128, 129, height - 1] where y >= 0 && y < height {
            for x in [0, width / 2, width - 1] {
                result[x, y] = (
                    UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random), 9, 255
                )
            }
        }
        return result
    }

    static let sizes = [(1, 1), (1, 70), (70, 1), (37, 16), (37, 17), (23, 18), (50, 130), (129, 200)]

    @Test(arguments: sizes.indices)
    func streamedEqualsPixelmatchOnWholeImages(index: Int) throws {
        let (width, height) = Self.sizes[index]
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for translucent in [false, true] {
            let a = Self.photo(width: width, height: height, seed: UInt64(index), translucent: translucent)
            let b = Self.changed(a, seed: UInt64(index) + 100)
            let pathA = try folder.write(PNGEncoder.encode(a), to: "a.png")
            let pathB = try folder.write(PNGEncoder.encode(b), to: "b.png")
            for matcher in [
                Pixelmatch(), Pixelmatch(includeAA: true), Pixelmatch(threshold: 0), Pixelmatch(threshold: 0.3),
            ] {
                let expected = try #require(
                    matcher.compareWithDiffImage(a.pixels, b.pixels, width: width, height: height))
                for diffImage in [false, true] {
                    let readerA = try #require(PNGRowReader(file: RegularFile(path: pathA)))
                    let readerB = try #require(PNGRowReader(file: RegularFile(path: pathB)))
                    let (counts, image) = try #require(
                        StreamingDiff(measure: .pixelmatch(matcher)).compare(readerA, readerB, diffImage: diffImage))
                    let label = "\(width)×\(height) translucent \(translucent) \(matcher) diff image \(diffImage)"
                    #expect(counts == expected.result, "\(label)")
                    #expect(image == (diffImage ? expected.image : nil), "\(label)")
                }
            }
        }
    }

    @Test(arguments: sizes.indices)
    func streamedDeltaE94EqualsTheWholeImageOne(index: Int) throws {
        let (width, height) = Self.sizes[index]
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for translucent in [false, true] {
            let a = Self.photo(width: width, height: height, seed: UInt64(index), translucent: translucent)
            let b = Self.changed(a, seed: UInt64(index) + 100)
            let pathA = try folder.write(PNGEncoder.encode(a), to: "a.png")
            let pathB = try folder.write(PNGEncoder.encode(b), to: "b.png")
            for precision in [1.0, 0.98, 0.9] {
                let measure = DeltaE94(perceptualPrecision: precision)
                let (count, whole) = measure.compare(a, b, diffImage: true)
                for diffImage in [false, true] {
                    let readerA = try #require(PNGRowReader(file: RegularFile(path: pathA)))
                    let readerB = try #require(PNGRowReader(file: RegularFile(path: pathB)))
                    let (counts, image) = try #require(
                        StreamingDiff(measure: .deltaE94(measure)).compare(readerA, readerB, diffImage: diffImage))
                    let label = "\(width)×\(height) translucent \(translucent) precision \(precision) diff \(diffImage)"
                    #expect(counts.diffPixels == count && counts.antiAliasedPixels == 0, "\(label)")
                    #expect(image == (diffImage ? whole?.pixels : nil), "\(label)")
                }
            }
        }
    }

    @Test func theComparerStreamsPlainPNGsAndGivesTheWholeImageAnswer() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let a = Self.photo(width: 60, height: 90, seed: 1, translucent: false)
        let pathA = try folder.write(PNGEncoder.encode(a), to: "a.png")
        let pathB = try folder.write(PNGEncoder.encode(Self.changed(a, seed: 2)), to: "b.png")
        let comparer = ImageComparer()
        let streamed = try #require(
            comparer.streamed(RegularFile(path: pathA), RegularFile(path: pathB), diffImage: true),
            "two plain PNGs of one size are compared while they decode")
        let (viaCompare, viaCompareImage) = comparer.compare(expected: pathA, actual: pathB, diffImage: true)
        let (whole, wholeImage) = comparer.compareWhole(expected: pathA, actual: pathB, diffImage: true)
        guard case .compared(let counts) = streamed.0, case .compared(let viaCompareCounts) = viaCompare,
            case .compared(let wholeCounts) = whole
        else {
            Issue.record("not compared: \(streamed.0.summary)")
            return
        }
        #expect(counts == wholeCounts && viaCompareCounts == wholeCounts && counts.diffPixels > 0)
        #expect(streamed.1 == wholeImage && viaCompareImage == wholeImage)
    }

    /// A filter type that does not exist at row 40 of 200: the reader gives up mid-image while the
    /// other worker may be waiting for its rows; the diff must end (not hang) and fall back.
    @Test func aFileTheFastReaderGivesUpOnHalfwayIsDecodedWhole() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (width, height) = (50, 200)
        func png(badRow: Int?) -> [UInt8] {
            var rows: [UInt8] = []
            for y in 0..<height {
                rows.append(y == badRow ? 7 : UInt8(y % 5))
                for x in 0..<width * 3 { rows.append(UInt8(truncatingIfNeeded: x * 7 + y * 3)) }
            }
            return PNGCrafter.png(width: UInt32(width), height: UInt32(height), bitDepth: 8, colorType: 2, rows: rows)
        }
        let pathA = try folder.write(png(badRow: nil), to: "a.png")
        let pathB = try folder.write(png(badRow: 40), to: "b.png")
        for (first, second) in [(pathA, pathB), (pathB, pathA)] {
            let readerA = try #require(PNGRowReader(file: RegularFile(path: first)))
            let readerB = try #require(PNGRowReader(file: RegularFile(path: second)))
            #expect(
                StreamingDiff(measure: .pixelmatch(Pixelmatch())).compare(readerA, readerB, diffImage: false) == nil)
        }
        let comparer = ImageComparer()
        let result = comparer.compare(expected: pathA, actual: pathB).0
        #expect(result.summary == comparer.compareWhole(expected: pathA, actual: pathB, diffImage: false).0.summary)
        guard case .unreadable(let side, let path, _) = result else {
            Issue.record("expected libpng to refuse the damaged file: \(result.summary)")
            return
        }
        #expect(path == pathB && side == .actual)
    }

    /// Identical bytes match without a comparison, but only for a valid image (issue 21, item 16).
    @Test func identicalFilesMatchOnlyWhenTheyAreAnImage() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let png = try PNGEncoder.encode(Self.photo(width: 40, height: 30, seed: 3, translucent: false))
        let pathA = try folder.write(png, to: "a.png")
        let pathB = try folder.write(png, to: "b.png")
        let identical = try #require(ImageComparer.identical(RegularFile(path: pathA), RegularFile(path: pathB)))
        guard case .compared(let counts) = identical else {
            Issue.record("not compared")
            return
        }
        #expect(counts.identicalBytes && counts.matches && counts.width == 40 && counts.height == 30)
        // Identical bytes that are not a PNG go the whole way, which names the problem.
        let text = try folder.write(Array("not a picture, not at all".utf8), to: "a.txt")
        let copy = try folder.write(Array("not a picture, not at all".utf8), to: "b.txt")
        #expect(ImageComparer.identical(try RegularFile(path: text), try RegularFile(path: copy)) == nil)
        guard case .unreadable = ImageComparer().compare(expected: text, actual: copy).0 else {
            Issue.record("identical non-images must not match")
            return
        }
        // A truncated PNG, and an IHDR of 65535×65535 with 10 bytes of data, each against its copy.
        let truncated = Array(png.prefix(png.count - 20))
        let huge = Array(png.prefix(16)) + [0, 0, 0xFF, 0xFF, 0, 0, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 10)
        for (index, bytes) in [truncated, huge].enumerated() {
            let first = try folder.write(bytes, to: "\(index)-a.png"),
                second = try folder.write(bytes, to: "\(index)-b.png")
            #expect(ImageComparer.identical(try RegularFile(path: first), try RegularFile(path: second)) == nil)
            guard case .unreadable = ImageComparer().compare(expected: first, actual: second).0 else {
                Issue.record("identical invalid PNGs \(index) must not match")
                return
            }
        }
    }
}
