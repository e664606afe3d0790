import GalleryCore
import GalleryLayout
import Testing

@testable import RenderPipeline

/// `PhotoCache`'s pairing rules, as types: a lease from `acquire` holds a decode until it ends, once;
/// a reservation from `prefetch` keeps the decode until `acquire` spends it, or gives it back when
/// dropped unspent.
@Suite struct PhotoLeaseTests {
    static let scene = Scene(
        gallery: Gallery(style: .line(LineLayout()), viewport: Size(width: 375, height: 200), itemCount: 12),
        displayScale: 1, photos: RendererTests.fixtures)

    /// A cache of one frame at offset 0 holding nothing idle (1 byte), and its first photo's key.
    static func cache() throws -> (PhotoCache, PhotoKey) {
        let plan = try FramePlan(scene: scene, offset: 0)
        let path = try #require(plan.items.compactMap(\.photo).first)
        return (PhotoCache(plans: [(plan, scene)], capacityBytes: 1), scene.photoKey(path))
    }

    @Test func aLeaseHoldsItsDecodeUntilItEnds() throws {
        let (cache, key) = try Self.cache()
        let lease = cache.acquire(key)
        #expect((try? lease.result.get()) != nil)
        #expect(cache.bytesResident > 0, "held over the cap while the lease lasts")
        lease.end()
        #expect(cache.bytesResident == 0)
    }

    @Test func aReservationDroppedUnspentGivesTheDecodeBack() throws {
        let (cache, key) = try Self.cache()
        do {
            let reservation = cache.prefetch(key)
            #expect(cache.bytesResident > 0, "kept for the reservation over the cap")
            _ = consume reservation
        }
        #expect(cache.bytesResident == 0, "a frame that failed before drawing the photo leaks nothing")
        #expect(cache.decodeCount == 1)
    }

    @Test func aSpentReservationBecomesTheLease() throws {
        let (cache, key) = try Self.cache()
        let used = UsedPhotos()
        used.reserve(cache.prefetch(key))
        #expect((try? used.fetch(key, from: cache).get()) != nil)
        #expect(cache.decodeCount == 1, "the prefetch's decode, not another")
        #expect(cache.bytesResident > 0)
        used.end()
        #expect(cache.bytesResident == 0)
    }

    @Test func aProbesLeaseIsNoPlannedUse() throws {
        let plan = try FramePlan(scene: Self.scene, offset: 0)
        let cache = PhotoCache(plans: [(plan, Self.scene)])
        let key = Self.scene.photoKey(try #require(plan.items.compactMap(\.photo).first))
        cache.acquire(key, consumingUse: false).end()
        // The frame's use is still planned, so the probe's decode is kept for it.
        let lease = cache.acquire(key)
        #expect(cache.decodeCount == 1)
        lease.end()
    }
}
