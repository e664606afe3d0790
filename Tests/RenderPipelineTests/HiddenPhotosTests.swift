import Foundation
import GalleryCore
import GalleryLayout
import Raster
@testable import RenderPipeline
import TestSupport
import Testing

/// A 3D item wholly under opaque items in front of it needs no photo (`HiddenPhotos`): the frame is
/// the same bytes whether its photo is decoded or not, and the test never calls an item hidden that
/// paints a pixel.
@Suite struct HiddenPhotosTests {
    /// A random carousel scene of the fixtures' JPEGs: any type, offset, card size, shape, border,
    /// placeholder, content mode and fade.
    static func scene(_ random: inout SplitMix) -> (Scene, offset: Double) {
        let type = CarouselType.allCases.randomElement(using: &random) ?? .coverflow
        let side = Double(Int.random(in: 60...220, using: &random))
        let size = Bool.random(using: &random) ? Size(width: side, height: side) : Size(width: side, height: side * 0.6)
        let fades = Int.random(in: 0..<4, using: &random) == 0
        let layout = CarouselLayout(
            type: type, itemSize: size, fadeMin: fades ? -1 : nil, fadeMax: fades ? 1 : nil,
            fadeRange: fades ? 1.5 : nil)
        let shapes: [Shape] = [.circle, .rounded(cornerRadius: 0), .rounded(cornerRadius: 12)]
        let style = ItemStyle(
            shape: shapes.randomElement(using: &random) ?? .circle,
            borderWidth: Int.random(in: 0..<5, using: &random) == 0 ? 3 : 0,
            placeholder: Int.random(in: 0..<6, using: &random) == 0 ? Color(r: 9, g: 9, b: 9, a: 128) : .black,
            contentMode: ContentMode.allCases.randomElement(using: &random) ?? .aspectFill)
        let scene = Scene(
            gallery: Gallery(style: .carousel(layout), viewport: Size(width: 375, height: 240), itemCount: 12),
            displayScale: Double(Int.random(in: 1...2, using: &random)), style: style, photos: RendererTests.fixtures)
        return (scene, Double(Int.random(in: 0...2400, using: &random)))
    }

    /// Also the same bytes with the photos of items partly under others decoded only where they show
    /// (`ProjectedItemPainter.readRegion`): the renderer plans those parts, `FrameRenderer` decodes
    /// every photo whole.
    @Test func aFrameIsTheSameBytesWithTheHiddenItemsPhotosLeftOut() throws {
        var random = SplitMix(seed: 52)
        var (frames, hiddenItems, strips) = (0, 0, 0)
        while frames < 80 {
            let (scene, offset) = Self.scene(&random)
            let plan = try FramePlan(scene: scene, offset: offset)
            let dropped = HiddenPhotos.dropped(
                from: [plan], style: scene.style, opaque: OpaquePhotos(given: []))[0]
            let left = zip(plan.items, dropped.items).filter { $0.photo != $1.photo }.count
            guard left > 0 || frames % 4 == 0 else { continue }
            frames += 1
            hiddenItems += left
            strips += Self.strips(in: dropped, style: scene.style)
            let whole = try FrameRenderer(scene: scene).render(offset: offset).image
            let report = Renderer(jobs: 2).run(
                [RenderJob(name: "f", scene: scene, frames: .offsets([offset]), output: .memory)])
            let image = try #require(report.scenes.first?.images.first)
            let same = image == whole  // compared apart: a failing #expect would print every pixel
            #expect(same, "\(scene.gallery.style) at \(offset): \(left) photos left out")
        }
        #expect(hiddenItems >= 80, "the frames exercise the test: \(hiddenItems) photos left out")
        #expect(strips >= 80, "the frames exercise the test: \(strips) photos read in part")
    }

    /// How many items of `plan` read less of a 1200 × 900 photo than they show whole.
    static func strips(in plan: FramePlan, style: ItemStyle) -> Int {
        let painter = ProjectedItemPainter(style: style)
        let size = PixelSize(width: 1200, height: 900)
        return plan.items.filter { item in
            guard let placement = item.projected, item.photo != nil else { return false }
            let whole = painter.sourceRegion(
                ofPhoto: size, width: placement.width, height: placement.height,
                shift: (placement.contentOffsetX, placement.contentOffsetY))
            let read = painter.readRegion(
                ofPhoto: size, placement: placement, coveredBy: item.coveredBy, canvasWidth: plan.size.width,
                canvasHeight: plan.size.height)
            return read != whole
        }.count
    }

    /// The bench's cover-flow frame from the fixtures: its scene, and its plan with hidden photos left out.
    static func benchFrame() throws -> (scene: Scene, plan: FramePlan) {
        let layout = CarouselLayout(type: .coverflow, itemSize: Size(width: 200, height: 200))
        let gallery = Gallery(style: .carousel(layout), viewport: Size(width: 375, height: 300), itemCount: 12)
        let scene = Scene(gallery: gallery, displayScale: 3, photos: RendererTests.fixtures)
        let plan = try FramePlan(scene: scene, offset: 1100)
        return (scene, HiddenPhotos.dropped(from: [plan], style: scene.style, opaque: OpaquePhotos(given: []))[0])
    }

    /// The bench's frame reads strips of its four side photos and of the front one on the left, which
    /// the one on the right overlaps.
    @Test func itemsPartlyUnderOthersReadStripsOfTheirPhotos() throws {
        let (scene, dropped) = try Self.benchFrame()
        #expect(Self.strips(in: dropped, style: scene.style) == 5)
        // Without an occluder only the two items the frame's edges cut read less.
        var bare = dropped
        for index in bare.items.indices { bare.items[index].coveredBy = [] }
        let cut = bare.items.filter { item in
            guard let placement = item.projected, item.photo != nil else { return false }
            return ProjectedItemPainter.isCut(
                placement, canvasWidth: dropped.size.width, canvasHeight: dropped.size.height)
        }
        #expect(cut.count == 2)
        #expect(Self.strips(in: bare, style: scene.style) == 2)
    }

    /// Nothing is hidden under an item that may let it show: a fading one, one with a border, one
    /// whose photo is not known to be opaque.
    @Test func onlyOpaqueItemsHide() throws {
        let layout = CarouselLayout(type: .coverflow, itemSize: Size(width: 200, height: 200))
        let gallery = Gallery(style: .carousel(layout), viewport: Size(width: 375, height: 300), itemCount: 12)
        func left(_ style: ItemStyle, opaque: Bool = true, alpha: Float = 1) throws -> Int {
            let scene = Scene(gallery: gallery, displayScale: 3, style: style, photos: RendererTests.fixtures)
            var plan = try FramePlan(scene: scene, offset: 1100)
            for index in plan.items.indices { plan.items[index].projected?.alpha = alpha }
            let given: Set<String> = opaque ? [] : Set(RendererTests.fixtures)
            let dropped = HiddenPhotos.dropped(from: [plan], style: style, opaque: OpaquePhotos(given: given))[0]
            return dropped.items.filter { $0.photo == nil }.count
        }
        // The bench's frame: the outer item on each side lies wholly under the others.
        #expect(try left(ItemStyle()) == 2)
        #expect(try left(ItemStyle(borderWidth: 2)) == 0)
        #expect(try left(ItemStyle(contentMode: .aspectFit)) == 0)
        #expect(try left(ItemStyle(placeholder: Color(r: 1, g: 2, b: 3, a: 128))) == 0)
        #expect(try left(ItemStyle(), opaque: false) == 0)
        #expect(try left(ItemStyle(), alpha: 0.99) == 0)
    }

    /// A left-out photo stays in the plan as `hiddenPhoto`, which the frame cache's key reads (a
    /// caption may show its file name: review).
    @Test func aLeftOutPhotoIsKeptForTheCacheKey() throws {
        let (scene, dropped) = try Self.benchFrame()
        let hidden = dropped.items.filter { $0.photo == nil }
        #expect(hidden.count == 2)
        #expect(hidden.map(\.hiddenPhoto) == hidden.map { scene.photo(forItem: $0.index) })
    }
}
