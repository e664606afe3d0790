import GalleryCore
@testable import Raster
import Testing

/// The pyramids kept across frames: a pyramid asked for again is the one kept (not made again), the
/// budget holds with the least recently used out first, and an item painted with the cache paints the
/// same pixels as without it.
@Suite struct PyramidCacheTests {
    typealias P = ProjectedPainting
    static let photo = PhotoPart(whole: P.gradient(width: 80, height: 60))
    static let region = ImageRegion(x: 10..<70, y: 0..<60)

    @Test func aPyramidAskedForAgainIsTheOneKept() throws {
        let cache = PyramidCache<String>()
        var builds = 0
        func ask(_ name: String, base: Int = 1) throws -> MipPyramid {
            try cache.pyramid(name, region: Self.region, base: base) { () throws(OutOfMemory) in
                builds += 1
                return try MipPyramid(Self.photo, region: Self.region, base: base)
            }
        }
        let first = try ask("a")
        let again = try ask("a")
        #expect(builds == 1 && first.texels == again.texels)
        _ = try ask("a", base: 2)
        _ = try ask("b")
        #expect(builds == 3)
        #expect(cache.bytes > 0)
    }

    @Test func theBudgetHoldsAndTheLeastRecentlyUsedGoesFirst() throws {
        let one = try MipPyramid(Self.photo, region: Self.region, base: 0)
        let size = one.texels.count * MemoryLayout<SIMD4<Float>>.stride
        let cache = PyramidCache<String>(budget: 2 * size)
        var built: [String] = []
        func ask(_ name: String) throws {
            _ = try cache.pyramid(name, region: Self.region, base: 0) { () throws(OutOfMemory) in
                built.append(name)
                return try MipPyramid(Self.photo, region: Self.region, base: 0)
            }
        }
        try ask("a")
        try ask("b")
        try ask("a")  // kept; b is now the least recently used
        try ask("c")  // b goes
        #expect(cache.bytes == 2 * size)
        try ask("a")
        try ask("b")
        #expect(built == ["a", "b", "c", "b"])
    }

    @Test func anItemPaintsTheSameWithTheCache() throws {
        let painter = ProjectedItemPainter(style: ItemStyle(shape: .circle))
        let placement = ProjectedPlacement(
            centerX: 40, centerY: 30, width: 60, height: 40, transform: P.tilted, pixelsPerPoint: 1)
        let source = PyramidSource(cache: PyramidCache<Int>(), photo: 7)
        func painted(_ pyramids: PyramidSource<Int>?) throws -> [SIMD4<Float>] {
            let prepared = try painter.prepare(
                placement, photo: Self.photo, canvasWidth: 80, canvasHeight: 60, pyramids: pyramids)
            var pixels = [SIMD4<Float>](repeating: .zero, count: 80 * 60)
            pixels.withUnsafeMutableBufferPointer { painter.paint(prepared, into: $0, rows: 0..<60, canvasWidth: 80) }
            return pixels
        }
        let alone = try painted(nil)
        #expect(try painted(source) == alone)
        #expect(try painted(source) == alone)  // from the cache this time
        #expect(source.cache.bytes > 0)
    }
}
