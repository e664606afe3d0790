import Foundation
import GalleryCore
import GalleryLayout
import ImageCodecs
import Raster
@testable import RenderPipeline
import TestSupport
import Testing

/// A frame's fetch only starts a photo's decode (`PhotoCache.prefetch`); the colour conversion is
/// done by the photo's first `acquire`, on whichever worker resamples it first, so the worker that
/// decoded goes on to the next decode. Pixels, warnings and frames stay what they were.
@Suite struct DeferredConversionTests {
    /// Four of the fixtures tagged Display P3 (their values taken as P3: converting changes them),
    /// and a fifth with a profile Little CMS cannot read.
    static func photos(in folder: TemporaryFolder) throws -> [String] {
        var paths: [String] = []
        for index in 1...4 {
            let image = try ImageDecoder.decodeFile(atPath: RendererTests.fixtures[index - 1]).image
            paths.append(try folder.write(try PNGEncoder.encode(image, colorSpace: .displayP3), to: "\(index).png"))
        }
        var broken = ColorSpace.displayP3.iccProfile
        broken.replaceSubrange(136..<140, with: [0x7F, 0xFF, 0xFF, 0x00])  // a tag far outside the profile
        let plain = try #require(JPEGEncoder.encode(try ImageDecoder.decodeFile(atPath: paths[0]).image))
        let payload = Array("ICC_PROFILE".utf8) + [0, 1, 1] + broken
        let segment = [0xFF, 0xE2, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        paths.append(try folder.write(Array(plain[0..<2]) + segment + plain[2...], to: "5.jpg"))
        return paths
    }

    /// Runs `body` with `photos` written to a temporary folder, removed after, and a line scene of them.
    static func withPhotos(_ body: ([String], Scene) throws -> Void) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let photos = try Self.photos(in: folder)
        try body(photos, Self.scene(photos))
    }

    static func scene(_ photos: [String]) -> Scene {
        Scene(
            gallery: Gallery(style: .line(LineLayout()), viewport: Size(width: 375, height: 200), itemCount: 10),
            displayScale: 2, photos: photos)
    }

    @Test func aPrefetchedPhotoIsConvertedByItsFirstAcquire() throws {
        try Self.withPhotos { photos, scene in
            let plan = try FramePlan(scene: scene, offset: 0)
            let key = scene.photoKey(photos[0])
            let converted = try PhotoCache(plans: [(plan, scene)]).acquire(key).result.get()
            var stored = key.options
            stored.colorSpace = nil
            #expect(converted.image != (try ImageDecoder.decodeFile(atPath: photos[0], options: stored)).image)

            let cache = PhotoCache(plans: [(plan, scene)])
            let used = UsedPhotos()
            used.reserve(cache.prefetch(key))
            used.reserve(cache.prefetch(key))
            #expect(cache.decodeCount == 1)
            let first = try used.fetch(key, from: cache).get()
            let second = try used.fetch(key, from: cache).get()
            defer { used.end() }
            #expect(cache.decodeCount == 1)
            for decoded in [first, second] {
                #expect(decoded.image == converted.image)
                #expect(decoded.colorSpace == .srgb)
                #expect(decoded.pendingColorSpace == nil)
                #expect(decoded.warnings == converted.warnings)
            }
        }
    }

    /// Workers that acquire a photo while another converts it take parts of the conversion: the same
    /// pixels whoever converted which part, and still one decode.
    @Test func workersWaitingForAConversionShareIt() throws {
        try Self.withPhotos { photos, scene in
            let plan = try FramePlan(scene: scene, offset: 0)
            let key = scene.photoKey(photos[1])
            let converted = try PhotoCache(plans: [(plan, scene)]).acquire(key).result.get().image
            for _ in 0..<20 {
                let cache = PhotoCache(plans: [(plan, scene)], jobs: 4)
                let used = UsedPhotos()
                used.reserve(cache.prefetch(key))
                defer { used.end() }
                let images = Locked([RGBAImage?](repeating: nil, count: 4))
                DispatchQueue.concurrentPerform(iterations: 4) { index in
                    let image = try? used.fetch(key, from: cache).get().image
                    images.withLock { $0[index] = image }
                }
                #expect(images.withLock { $0 }.allSatisfy { $0 == converted })
                #expect(cache.decodeCount == 1)
            }
        }
    }

    @Test func aWarningOfTheLeftConversionIsRecordedOnceItIsDone() throws {
        try Self.withPhotos { photos, scene in
            let cache = PhotoCache(plans: [(try FramePlan(scene: scene, offset: 0), scene)])
            let key = scene.photoKey(photos[4])
            let used = UsedPhotos()
            defer { used.end() }
            used.reserve(cache.prefetch(key))
            #expect(cache.problems.isEmpty, "before the conversion: \(cache.problems)")
            _ = try used.fetch(key, from: cache).get()
            _ = try used.fetch(key, from: cache).get()
            let warnings = cache.problems.map { "\($0)" }.filter {
                $0.contains("colour profile ignored, taken as sRGB")
            }
            #expect(warnings.count == 1, "\(cache.problems)")
        }
    }

    /// A prefetch reserves its frame's hold: with a cache too small for even one photo, nothing the
    /// frame prefetched is evicted before the frame acquires it, so each photo is decoded once.
    @Test(arguments: [1, 2])
    func aFramesPrefetchedPhotosStayUntilItAcquiresThem(jobs: Int) throws {
        try Self.withPhotos { photos, scene in
            let plan = try FramePlan(scene: scene, offset: 120)
            let cache = PhotoCache(plans: [(plan, scene)], capacityBytes: 1, jobs: jobs)
            let keys = Set(plan.items.compactMap(\.photo).map(scene.photoKey))
            #expect(keys.count >= 3)
            let used = UsedPhotos()
            _ = try FrameRenderer(scene: scene).render(
                plan, jobs: jobs, prefetch: { used.reserve(cache.prefetch(scene.photoKey($0))) }
            ) {
                path in (try? used.fetch(scene.photoKey(path), from: cache).get()).map(PhotoPart.init)
            }
            #expect(cache.decodeCount == keys.count)
            // Its leases ended, they go: the reservations were all spent.
            used.end()
            #expect(cache.bytesResident == 0)
        }
    }

    @Test(arguments: [1, 2, 3])
    func framesAreTheSameWithTheConversionLeftToTheResampling(jobs: Int) throws {
        try Self.withPhotos { photos, scene in
            let renderer = FrameRenderer(scene: scene)
            for offset in [0.0, 120, 333] {
                let plan = try FramePlan(scene: scene, offset: offset)
                let converted = try renderer.render(plan, jobs: jobs) { path in
                    (try? ImageDecoder.decodeFile(atPath: path, options: scene.photoKey(path).options)).map(
                        PhotoPart.init)
                }
                let cache = PhotoCache(plans: [(plan, scene)], jobs: jobs)
                let used = UsedPhotos()
                defer { used.end() }
                let left = try renderer.render(
                    plan, jobs: jobs, prefetch: { used.reserve(cache.prefetch(scene.photoKey($0))) }
                ) { path in
                    (try? used.fetch(scene.photoKey(path), from: cache).get()).map(PhotoPart.init)
                }
                #expect(left == converted, "offset \(offset)")
            }
        }
    }
}
