import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// The 18 EXIF orientation samples (orientations 0–8, landscape and portrait) all come out upright.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
struct EXIFSampleTests {
    static let samples = Corpus.files(in: "exif-orientation").filter { $0.hasSuffix(".jpg") }

    @Test func thereAreEighteenSamples() { #expect(Self.samples.count == 18) }

    @Test(arguments: samples)
    func comesOutUpright(_ name: String) throws {
        let kind = name.hasPrefix("Landscape") ? "Landscape" : "Portrait"
        let options = DecodeOptions(targetSize: PixelSize(width: 100, height: 100))
        let reference = try ImageDecoder.decodeFile(
            atPath: Corpus.path("exif-orientation/\(kind)_1.jpg"), options: options
        ).image
        let decoded = try ImageDecoder.decodeFile(atPath: Corpus.path("exif-orientation/\(name)"), options: options)
            .image
        try #require(decoded.width == reference.width && decoded.height == reference.height)
        // Each sample prints its own digit in the middle; compare everything outside the middle third.
        let hole = (reference.width / 3, reference.height / 3, reference.width * 2 / 3, reference.height * 2 / 3)
        #expect(PixelMath.meanDifference(decoded, reference, excluding: hole) < 4)
    }
}
