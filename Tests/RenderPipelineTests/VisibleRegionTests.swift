import Foundation
import GalleryLayout
import ImageCodecs
import Raster
import RenderPipeline
import TestSupport
import Testing

/// Only what is visible is decoded: a frame reads just the part of each photo its items show.
@Suite struct VisibleRegionTests {
    static let scene = Scene(
        gallery: Gallery(style: .line(LineLayout()), viewport: Size(width: 375, height: 200), itemCount: 12),
        displayScale: 2, photos: RendererTests.fixtures)

    @Test func theClippedItemDecodesOnlyItsSliver() throws {
        // At offset 120 item 2 (72 pt wide, centre 407.5 pt) shows only its first 3.5 pt.
        let plan = try FramePlan(scene: Self.scene, offset: 120)
        let cache = PhotoCache(plans: [(plan, Self.scene)])
        let sliver = try #require(plan.items.first { $0.index == 2 }?.photo)
        let decoded = try cache.acquire(Self.scene.photoKey(sliver)).result.get()
        #expect(decoded.region.x.count < decoded.decodedSize.width / 4)
        #expect(decoded.region.y.count == decoded.decodedSize.height)
        // An aspect-filled landscape photo shows only its middle: not all columns are decoded either.
        let centred = try #require(plan.items.first { $0.index == 1 }?.photo)
        let middle = try cache.acquire(Self.scene.photoKey(centred)).result.get()
        #expect(middle.region.x.count < middle.decodedSize.width)
    }

    @Test func partialDecodesRenderTheSameFrameAsWholeOnes() throws {
        let plan = try FramePlan(scene: Self.scene, offset: 120)
        let renderer = FrameRenderer(scene: Self.scene)
        let parts = try renderer.render(offset: 120, jobs: 2).image
        let whole = try renderer.render(plan, jobs: 2) { path in
            (try? ImageDecoder.decodeFile(atPath: path, options: Self.scene.photoKey(path).options)).map(PhotoPart.init)
        }
        #expect(parts == whole)
    }
}
