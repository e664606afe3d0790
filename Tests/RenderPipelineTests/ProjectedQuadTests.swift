import Foundation
import GalleryCore
import GalleryLayout
import ImageCodecs
import Raster
import RenderPipeline
import TestSupport
import Testing

/// Carousel items of flat colours through the renderer: each drawn item's colour lies inside its
/// projected quad, worked out here from its transform (item point (x, y) → centre + (X/W, Y/W),
/// [X Y Z W] = [x y 0 1]·M), and the top item covers its quad's area within a few per cent.
@Suite struct ProjectedQuadTests {
    static let colours: [(UInt8, UInt8, UInt8)] = [
        (230, 30, 30), (30, 160, 40), (30, 60, 230), (230, 200, 20), (150, 40, 180),
    ]

    /// Five flat-colour photos and a cover flow of 160 × 100 cards with square corners showing them.
    static func scene(in folder: TemporaryFolder) throws -> Scene {
        let photos = try colours.enumerated().map { index, colour in
            let image = RGBAImage(width: 64, height: 40, fill: (colour.0, colour.1, colour.2, 255))
            return try folder.write(try PNGEncoder.encode(image), to: "\(index).png")
        }
        let layout = CarouselLayout(type: .coverflow, itemSize: Size(width: 160, height: 100))
        return Scene(
            gallery: Gallery(style: .carousel(layout), viewport: Size(width: 375, height: 220), itemCount: 5),
            displayScale: 2, style: ItemStyle(shape: .rounded(cornerRadius: 0)), photos: photos)
    }

    /// Item `item`'s point at fractions (u, v) of its half-bounds, in frame pixels.
    static func project(_ item: LayoutItem, u: Double, v: Double, scale: Double) throws -> Point {
        let bounds = try #require(item.bounds), t = try #require(item.transform)
        let (x, y) = (u * bounds.width / 2, v * bounds.height / 2)
        let w = x * t.m14 + y * t.m24 + t.m44
        let px = (x * t.m11 + y * t.m21 + t.m41) / w, py = (x * t.m12 + y * t.m22 + t.m42) / w
        return Point(x: (item.center.x + px) * scale, y: (item.center.y + py) * scale)
    }

    @Test func eachColourSitsInsideItsProjectedQuad() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let scene = try Self.scene(in: folder)
        let offset = 250.0
        let report = Renderer(jobs: 2).run(
            [RenderJob(name: "quads", scene: scene, frames: .offsets([offset]), output: .memory)])
        let image = try #require(report.scenes.first?.images.first)
        let frame = try scene.layout(atOffset: offset)
        let top = try #require(frame.items.last)
        // The top item is seen wherever it lies: its centre and points half-way to its corners.
        for (u, v) in [(0.0, 0.0), (0.5, 0.5), (-0.5, 0.5), (0.5, -0.5), (-0.5, -0.5)] {
            let p = try Self.project(top, u: u, v: v, scale: 2)
            let at = (Int(p.y) * image.width + Int(p.x)) * 4
            let colour = Self.colours[top.index]
            #expect(
                Array(image.pixels[at..<at + 3]) == [colour.0, colour.1, colour.2], "item \(top.index) at \(u), \(v)")
        }
        // Its coverage: pixels of its colour against the shoelace area of its projected corners.
        let corners = try [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map {
            try Self.project(top, u: $0.0, v: $0.1, scale: 2)
        }
        let area =
            abs(zip(corners, corners.dropFirst() + [corners[0]]).reduce(0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y })
            / 2
        let colour = Self.colours[top.index]
        let counted = stride(from: 0, to: image.pixels.count, by: 4).filter {
            image.pixels[$0] == colour.0 && image.pixels[$0 + 1] == colour.1 && image.pixels[$0 + 2] == colour.2
        }.count
        // Edge pixels are blends, not the colour: within 3 % of the area (its perimeter is ~2 % of it).
        #expect(abs(Double(counted) - area) <= 0.03 * area, "\(counted) pixels of colour, quad area \(area)")
    }

    @Test func aNonSquareLineItemFillsItsScaledRectangle() throws {
        // A 160 × 90 card with square corners, alone at offset 0 (item 1, 272 pt away at scale 0.512, is
        // out of view), drawn at scale 1.6 and 2 px/pt: 512 × 288 px centred at (375, 200).
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let colour = Self.colours[0]
        let image = RGBAImage(width: 64, height: 36, fill: (colour.0, colour.1, colour.2, 255))
        let photo = try folder.write(try PNGEncoder.encode(image), to: "card.png")
        let scene = Scene(
            gallery: Gallery(
                style: .line(LineLayout(itemSize: 160, itemHeight: 90)), viewport: Size(width: 375, height: 200),
                itemCount: 2),
            displayScale: 2, style: ItemStyle(shape: .rounded(cornerRadius: 0)), photos: [photo])
        // A plain scale: the 2D path draws it (its Lanczos filter), in its rectangle, not the projected painter.
        let plan = try FramePlan(scene: scene, offset: 0)
        let card = try #require(plan.items.first)
        #expect(card.projected == nil && plan.items.count == 1)
        #expect(card.placement.rect == PixelRect(x: 119, y: 56, width: 512, height: 288))
        #expect(card.placement.pixelsPerPoint == 3.2)
        let report = Renderer(jobs: 2).run(
            [RenderJob(name: "card", scene: scene, frames: .offsets([0]), output: .memory)])
        let frame = try #require(report.scenes.first?.images.first)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            Array(frame.pixels[(y * frame.width + x) * 4..<(y * frame.width + x) * 4 + 3])
        }
        let inside = [colour.0, colour.1, colour.2]
        // Just inside each corner of [119, 631) × [56, 344), and just outside each side.
        for (x, y) in [(120, 57), (629, 57), (120, 342), (629, 342), (375, 200)] {
            #expect(pixel(x, y) == inside, "(\(x), \(y)) inside")
        }
        for (x, y) in [(117, 200), (633, 200), (375, 54), (375, 346)] {
            #expect(pixel(x, y) != inside, "(\(x), \(y)) outside")
        }
        let counted = stride(from: 0, to: frame.pixels.count, by: 4).filter {
            Array(frame.pixels[$0..<$0 + 3]) == inside
        }.count
        // Edge pixels are blends: within 1 % of 512 · 288 (the perimeter is 0.6 % of it).
        #expect(abs(Double(counted) - 512 * 288) <= 0.01 * 512 * 288, "\(counted) pixels of colour")
    }

    /// A photo filling its item leaves no fringe of the placeholder behind it: the content is masked
    /// as one group (found by review: a blue photo over a red placeholder on white left pixels up to
    /// 99 levels redder than green along the edges, and an ellipse on a cylinder 57). On white, an edge
    /// pixel is c·blue + (1 − c)·white, so red equals green everywhere: in 2D (line, square photo on
    /// square items) and in 3D (a cover flow of 1.6:1 photos on 160 × 100 cards, a cylinder of 4:3
    /// photos on 120 × 90 ellipses), square corners and circles, at offsets off the grid.
    @Test(arguments: 0..<3)
    func aPhotoFillingItsItemShowsNoPlaceholderAtItsEdges(kind: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (size, layout, offsets): ((Int, Int), LayoutStyle, [Double]) = [
            ((40, 40), .line(LineLayout()), [113.3, 250.7]),
            (
                (64, 40), .carousel(CarouselLayout(type: .coverflow, itemSize: Size(width: 160, height: 100))),
                [113.3, 250.7]
            ),
            (
                (40, 30), .carousel(CarouselLayout(type: .cylinder, itemSize: Size(width: 120, height: 90))),
                [204.4, 77.7]
            ),
        ][kind]
        let blue = RGBAImage(width: size.0, height: size.1, fill: (0, 0, 255, 255))
        let photo = try folder.write(try PNGEncoder.encode(blue), to: "blue.png")
        for shape in [Shape.rounded(cornerRadius: 0), .circle] {
            let scene = Scene(
                gallery: Gallery(style: layout, viewport: Size(width: 375, height: 220), itemCount: 8),
                displayScale: 2, style: ItemStyle(shape: shape, placeholder: Color(r: 255, g: 0, b: 0)),
                background: Color(r: 255, g: 255, b: 255), photos: [photo])
            let report = Renderer(jobs: 1).run(
                [RenderJob(name: "fringe", scene: scene, frames: .offsets(offsets), output: .memory)])
            for image in try #require(report.scenes.first?.images) {
                let redder = stride(from: 0, to: image.pixels.count, by: 4).map {
                    Int(image.pixels[$0]) - Int(image.pixels[$0 + 1])
                }.max()
                #expect(redder == 0, "\(shape): red above green by \(redder ?? 0)")
            }
        }
    }
}
