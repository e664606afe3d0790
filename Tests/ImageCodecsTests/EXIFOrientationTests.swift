import GalleryCore
import ImageCodecs
import Testing

/// Where EXIF puts the stored image's first row (TIFF 6.0 / EXIF 2.3, tag 0x0112), checked on a
/// 37 × 35 image (more than one 32-pixel tile each way) whose every pixel is distinct.
@Suite struct EXIFOrientationTests {
    static let stored: RGBAImage = {
        let width = 37, height = 35
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { pixels += [UInt8(x), UInt8(y), 7, 255] }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }()

    /// For each orientation: where stored (0, 0) and stored (1, 0) land in the upright image, written
    /// from the tag's definition ("0th row is at the visual …, 0th column at the visual …").
    static let cases: [(EXIFOrientation, first: (Int, Int), second: (Int, Int))] = [
        (.up, (0, 0), (1, 0)),  // row 0 top, column 0 left
        (.upMirrored, (36, 0), (35, 0)),  // top, right
        (.down, (36, 34), (35, 34)),  // bottom, right
        (.downMirrored, (0, 34), (1, 34)),  // bottom, left
        (.leftMirrored, (0, 0), (0, 1)),  // row 0 left, column 0 top
        (.right, (34, 0), (34, 1)),  // right, top
        (.rightMirrored, (34, 36), (34, 35)),  // right, bottom
        (.left, (0, 36), (0, 35)),  // left, bottom
    ]

    @Test(arguments: cases.indices)
    func storedFirstRowLandsWhereTheTagSays(_ index: Int) throws {
        let (orientation, first, second) = Self.cases[index]
        let upright = try #require(orientation.apply(to: Self.stored))
        #expect(upright.width == (orientation.swapsAxes ? 35 : 37))
        #expect(upright[first.0, first.1] == (0, 0, 7, 255))
        #expect(upright[second.0, second.1] == (1, 0, 7, 255))
        // A bijection: every stored pixel appears once.
        var seen = Set<Int>()
        for y in 0..<upright.height {
            for x in 0..<upright.width {
                let p = upright[x, y]
                seen.insert(Int(p.g) * 64 + Int(p.r))
            }
        }
        #expect(seen.count == 37 * 35)
    }
}
