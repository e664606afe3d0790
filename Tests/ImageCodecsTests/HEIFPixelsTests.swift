import CHEIF
import TestSupport
import Testing

/// heif_pixels.c's conversion of decoded YCbCr planes to reduced RGBA: its 4:2:0 loop (each chroma
/// sample's terms once for the luma samples it covers) gives the general loop's bytes, and a window of
/// the output gives the whole conversion's pixels there and leaves every other pixel alone.
@Suite struct HEIFPixelsTests {
    struct Planes {
        var width: Int, height: Int, subsampling: Int
        var luma: [UInt8], cb: [UInt8], cr: [UInt8]

        init(width: Int, height: Int, subsampling: Int, random: inout SplitMix) {
            (self.width, self.height, self.subsampling) = (width, height, subsampling)
            let chromaWidth = subsampling > 0 ? (width + 1) / 2 : width
            let chromaHeight = subsampling > 1 ? (height + 1) / 2 : height
            func plane(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) } }
            luma = plane(width * height)
            cb = plane(chromaWidth * chromaHeight)
            cr = plane(chromaWidth * chromaHeight)
        }

        /// The reduced image, `background` where the window leaves it.
        func converted(
            divisor: Int, matrix: Int32, fullRange: Int32, window: [UInt32]? = nil, generalLoop: Bool = false,
            background: UInt8 = 0
        ) -> [UInt8] {
            let (outWidth, outHeight) = ((width + divisor - 1) / divisor, (height + divisor - 1) / divisor)
            var pixels = [UInt8](repeating: background, count: outWidth * outHeight * 4)
            let part = window ?? [0, 0, UInt32(outWidth), UInt32(outHeight)]
            let status = gr_heif_convert_for_test(
                luma, cb, cr, UInt32(width), UInt32(height), Int32(subsampling), UInt32(divisor), matrix, fullRange,
                part, generalLoop ? 1 : 0, &pixels)
            #expect(status == 1)
            return pixels
        }
    }

    static let colours: [(matrix: Int32, fullRange: Int32)] = [(1, 0), (5, 1), (6, 0), (9, 1), (10, 0), (4, 1), (7, 0)]
    static let sizes = [(1, 1), (2, 2), (3, 5), (17, 9), (64, 48), (131, 77)]

    @Test(arguments: [2, 4, 8])
    func the420LoopGivesTheGeneralLoopsBytes(divisor: Int) {
        var random = SplitMix(seed: UInt64(divisor))
        for (width, height) in Self.sizes {
            let planes = Planes(width: width, height: height, subsampling: 2, random: &random)
            for (matrix, fullRange) in Self.colours {
                let fast = planes.converted(divisor: divisor, matrix: matrix, fullRange: fullRange)
                let general = planes.converted(
                    divisor: divisor, matrix: matrix, fullRange: fullRange, generalLoop: true)
                let differing = fast.indices.filter { fast[$0] != general[$0] }.count
                #expect(differing == 0, "\(width)×\(height) ÷ \(divisor), matrix \(matrix): \(differing) bytes differ")
            }
        }
    }

    /// Every (Y, Cb, Cr): 64 images of 512 × 512, each 2 × 2 block one chroma pair (Cb its column, Cr
    /// its row) over four lumas that the 64 images take through all 256 values.
    @Test(arguments: [(Int32(6), Int32(0)), (Int32(1), Int32(1))])
    func the420LoopGivesTheGeneralLoopsBytesForEveryColour(matrix: Int32, fullRange: Int32) {
        var random = SplitMix(seed: 1)
        var planes = Planes(width: 512, height: 512, subsampling: 2, random: &random)
        planes.cb = (0..<256 * 256).map { UInt8($0 % 256) }
        planes.cr = (0..<256 * 256).map { UInt8($0 / 256) }
        var differing = 0
        for image in 0..<64 {
            planes.luma = (0..<512 * 512).map { UInt8(image * 4 + ($0 / 512 % 2) * 2 + $0 % 2) }
            let fast = planes.converted(divisor: 2, matrix: matrix, fullRange: fullRange)
            let general = planes.converted(divisor: 2, matrix: matrix, fullRange: fullRange, generalLoop: true)
            differing += fast.indices.filter { fast[$0] != general[$0] }.count
        }
        #expect(differing == 0)
    }

    @Test(arguments: [0, 1, 2])
    func aWindowWritesItsPixelsAlone(subsampling: Int) {
        var random = SplitMix(seed: UInt64(10 + subsampling))
        for divisor in [1, 2, 4, 8] {
            for (width, height) in Self.sizes {
                let planes = Planes(width: width, height: height, subsampling: subsampling, random: &random)
                let whole = planes.converted(divisor: divisor, matrix: 6, fullRange: 0)
                let (outWidth, outHeight) = ((width + divisor - 1) / divisor, (height + divisor - 1) / divisor)
                for _ in 0..<4 {
                    let x0 = Int(random.next() % UInt64(outWidth)), y0 = Int(random.next() % UInt64(outHeight))
                    let x1 = x0 + 1 + Int(random.next() % UInt64(outWidth - x0))
                    let y1 = y0 + 1 + Int(random.next() % UInt64(outHeight - y0))
                    let part = planes.converted(
                        divisor: divisor, matrix: 6, fullRange: 0, window: [x0, y0, x1, y1].map { UInt32($0) },
                        background: 0xA5)
                    var wrong = 0
                    for y in 0..<outHeight {
                        for x in 0..<outWidth {
                            let inside = (x0..<x1).contains(x) && (y0..<y1).contains(y)
                            for c in 0..<4 {
                                let at = (y * outWidth + x) * 4 + c
                                if part[at] != (inside ? whole[at] : 0xA5) { wrong += 1 }
                            }
                        }
                    }
                    #expect(
                        wrong == 0, "\(width)×\(height) ÷ \(divisor), window \(x0),\(y0)–\(x1),\(y1): \(wrong) bytes")
                }
            }
        }
    }
}
