import GalleryCore
import Testing

@testable import ImageCodecs
@testable import RenderPipeline

/// The photo cache's store on its own: holders, least-recently-used eviction under the cap, and
/// idle decodes dropped when their photo's uses are over.
@Suite struct DecodedPhotosTests {
    static func identity(_ path: String) -> DecodeIdentity {
        DecodeIdentity(
            source: PhotoSource(
                PhotoKey(path: path, budget: .standard, box: PixelSize(width: 1, height: 1), fit: .cover)),
            scaleEighths: 8)
    }

    /// A decode of `side`×`side` pixels: side² · 4 bytes.
    static func result(side: Int) -> Result<DecodedImage, DecodeError> {
        let size = PixelSize(width: side, height: side)
        return .success(
            DecodedImage(
                image: RGBAImage(width: side, height: side, fill: (0, 0, 0, 255)), region: ImageRegion(whole: size),
                decodedSize: size, format: .png, orientation: .up, fullSize: size, scaleEighths: 8, warnings: []))
    }

    @Test func idleDecodesAreEvictedOldestFirstAndHeldOnesNever() {
        var store = DecodedPhotos(capacityBytes: 3 * 400)  // three 10×10 decodes
        let (a, b, c, d) = (Self.identity("a"), Self.identity("b"), Self.identity("c"), Self.identity("d"))
        store.store(Self.result(side: 10), as: a, users: 1)  // held
        store.store(Self.result(side: 10), as: b, users: 0)
        store.store(Self.result(side: 10), as: c, users: 0)
        #expect(store.residentBytes == 1200)
        _ = store.hold(b)  // b is now newer than c
        let released = store.letGo(b)
        #expect(released)
        store.store(Self.result(side: 10), as: d, users: 0)  // over the cap: c, the oldest idle, goes
        #expect(store[c] == nil)
        #expect(store[a] != nil && store[b] != nil && store[d] != nil)
        #expect(store.residentBytes == 1200)
    }

    @Test func droppingASourceRemovesOnlyItsIdleDecodes() {
        var store = DecodedPhotos(capacityBytes: 1 << 20)
        let held = Self.identity("a"), idle = DecodeIdentity(source: Self.identity("a").source, scaleEighths: 4)
        store.store(Self.result(side: 10), as: held, users: 1)
        store.store(Self.result(side: 5), as: idle, users: 0)
        store.store(Self.result(side: 10), as: Self.identity("b"), users: 0)
        store.dropIdle(of: held.source)
        #expect(store[held] != nil && store[idle] == nil && store[Self.identity("b")] != nil)
        #expect(store.residentBytes == 800)
    }
}
