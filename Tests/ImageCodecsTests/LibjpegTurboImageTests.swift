import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// libjpeg-turbo's own test images.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
struct LibjpegTurboImageTests {
    @Test func testorigMatchesItsSourceWithinThree() throws {
        let decoded = try ImageDecoder.decodeFile(atPath: Corpus.path("jpeg/testorig.jpg")).image
        let reference = try PPM.parse(Corpus.bytes("jpeg/testorig.ppm"))
        #expect(decoded.width == reference.width && decoded.height == reference.height)
        var worst = 0
        var total = 0
        for i in stride(from: 0, to: decoded.pixels.count, by: 4) {
            for c in 0..<3 {
                let d = abs(Int(decoded.pixels[i + c]) - Int(reference.pixels[i + c]))
                worst = max(worst, d)
                total += d
            }
        }
        let mean = Double(total) / Double(decoded.width * decoded.height * 3)
        #expect(worst <= 3)
        #expect(mean < 0.25)
    }

    @Test func arithmeticCodedDecodes() throws {
        let decoded = try ImageDecoder.decodeFile(atPath: Corpus.path("jpeg/testimgari.jpg"))
        let baseline = try ImageDecoder.decodeFile(atPath: Corpus.path("jpeg/testimgint.jpg"))
        #expect(decoded.image.width == 227 && decoded.image.height == 149)
        #expect(PixelMath.meanDifference(decoded.image, baseline.image) < 3)
    }

    @Test func twelveBitIsRefused() {
        #expect(throws: DecodeError.unsupported12BitJPEG) {
            try ImageDecoder.decodeFile(atPath: Corpus.path("jpeg/monkey12.jpg"))
        }
        #expect(DecodeError.unsupported12BitJPEG.description == "12-bit JPEG is not supported")
    }
}
