import Foundation
import GalleryCore
import GalleryLayout
import ImageCodecs
import Raster
import RenderPipeline
import TestSupport
import Testing

/// Flat-colour photos through the whole pipeline: each circle's covered area is πr² (of the part
/// inside the frame) and its centroid is the layout's centre, clipped items included.
@Suite struct GeometryTests {
    static func render(
        displayScale: Double, offset: Double, layout: LayoutStyle = .line(LineLayout()), height: Double = 200
    )
        throws -> (image: RGBAImage, plan: FramePlan)
    {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let red = try PNGEncoder.encode(RGBAImage(width: 8, height: 6, fill: (255, 0, 0, 255)))
        let photo = try folder.write(red, to: "red.png")
        let scene = Scene(
            gallery: Gallery(style: layout, viewport: Size(width: 375, height: height), itemCount: 20),
            displayScale: displayScale, style: ItemStyle(placeholder: .black), background: .white, photos: [photo])
        let frame = try FrameRenderer(scene: scene).render(offset: offset, jobs: 2)
        return (frame.image, frame.plan)
    }

    /// Area and centroid of `item`'s circle clipped to the frame, by fine numerical integration.
    static func expected(_ item: FramePlan.Item, frame: PixelSize) -> (area: Double, x: Double, y: Double) {
        let square = item.placement.rect
        let r = square.width / 2, cx = square.centerX, cy = square.centerY
        var area = 0.0, sx = 0.0, sy = 0.0
        let steps = 4000
        let x0 = max(0, cx - r), x1 = min(Double(frame.width), cx + r)
        guard x1 > x0 else { return (0, 0, 0) }
        let dx = (x1 - x0) / Double(steps)
        for i in 0..<steps {
            let x = x0 + (Double(i) + 0.5) * dx
            let h = (r * r - (x - cx) * (x - cx)).squareRoot()
            let top = max(0, cy - h), bottom = min(Double(frame.height), cy + h)
            guard bottom > top else { continue }
            area += (bottom - top) * dx
            sx += x * (bottom - top) * dx
            sy += (top + bottom) / 2 * (bottom - top) * dx
        }
        return (area, sx / area, sy / area)
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func circlesHaveTheirAreaAndCentreClippedOrNot(displayScale: Double) throws {
        // Offset 120: item 2 (72 pt at x = 407.5) is clipped by the right edge.
        let (image, plan) = try Self.render(displayScale: displayScale, offset: 120)
        try #require(plan.items.map(\.index) == [2, 0, 1])
        for item in plan.items {
            // Red photo on white: coverage = 1 − green/255, attributed to the item whose square it lies in.
            let bounds = item.placement.rect.pixelBounds(clippedTo: image.width, image.height)
            var area = 0.0, sx = 0.0, sy = 0.0
            for y in bounds.y {
                for x in bounds.x {
                    let c = 1 - Double(image[x, y].g) / 255
                    area += c
                    sx += c * (Double(x) + 0.5)
                    sy += c * (Double(y) + 0.5)
                }
            }
            let want = Self.expected(item, frame: plan.size)
            #expect(abs(area / want.area - 1) < 0.02, "item \(item.index): area \(area) vs \(want.area)")
            #expect(abs(sx / area - want.x) < 0.3, "item \(item.index): x \(sx / area) vs \(want.x)")
            #expect(abs(sy / area - want.y) < 0.3, "item \(item.index): y \(sy / area) vs \(want.y)")
        }
    }

    @Test func gridCirclesClippedByTheBottomEdge() throws {
        let (image, plan) = try Self.render(displayScale: 2, offset: 50, layout: .grid(GridLayout()), height: 300)
        let clipped = plan.items.filter { $0.placement.rect.maxY > Double(image.height) }
        try #require(!clipped.isEmpty)
        for item in plan.items {
            let bounds = item.placement.rect.pixelBounds(clippedTo: image.width, image.height)
            var area = 0.0
            for y in bounds.y { for x in bounds.x { area += 1 - Double(image[x, y].g) / 255 } }
            let want = Self.expected(item, frame: plan.size)
            #expect(abs(area / want.area - 1) < 0.02, "item \(item.index)")
        }
    }
}
