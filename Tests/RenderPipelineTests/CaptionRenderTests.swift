import Foundation
import GalleryCore
import GalleryLayout
import Raster
import RenderPipeline
import TestSupport
import Testing
import Typography

/// Captions drawn through the frame renderer: goldens per script Inter covers, where a caption sits,
/// and the same bytes whatever the threads or the memory budget.
///
/// The goldens are compared exactly (no tolerance): the text is the tool's own arithmetic on the
/// font's outlines and HarfBuzz's integer positions, the same bytes on every CPU, and there is no
/// photo in these frames (no libm in the resampling). Record on purpose, never silently:
/// `GALLERY_RECORD_GOLDEN=1 swift test --filter CaptionRenderTests`, then look at them.
@Suite struct CaptionRenderTests {
    static let regular = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Golden")

    static func captions(_ text: String, size: Double = 12, style: CaptionStyle = CaptionStyle()) throws -> Captions {
        Captions(
            pattern: try CaptionPattern(text), setter: LineSetter(font: try Font.opened(path: regular), size: size),
            style: style)
    }

    /// One flat 180 × 20 pt card at scale 1 (no growth), its caption below, @2x.
    static func card(_ text: String) throws -> Scene {
        var scene = Scene(
            gallery: Gallery(
                style: .line(LineLayout(itemSize: 180, itemHeight: 20, scaleFactor: 0)),
                viewport: Size(width: 240, height: 70), itemCount: 1),
            displayScale: 2, style: ItemStyle(shape: .rounded(cornerRadius: 6)))
        scene.captions = try captions(text)
        return scene
    }

    static let scripts = [
        ("latin", "The quick brown fox jumps"), ("accented", "Ça déçoit où ñ, ß, Øre, Åland"),
        ("greek", "Καλημέρα κόσμε, ψυχή"), ("cyrillic", "Съешь же ещё булочек"),
    ]

    static func render(_ scene: Scene, offset: Double = 0, jobs: Int = 2, budget: Int = FramePasses.defaultBudget)
        throws -> RGBAImage
    {
        try FrameRenderer(scene: scene, budget: budget).render(FramePlan(scene: scene, offset: offset), jobs: jobs) {
            _ in nil
        }
    }

    /// A caption is set in the item's own width, then takes its transform, as a cell's label does:
    /// the line's centre item (scale 1.6) has the line of one at scale 0.9, which fits in the
    /// item's 100 pt; it was set in the grown 160 pt and drawn 1.6 times wider than the item.
    @Test func aGrownItemsCaptionIsSetInItsOwnWidth() throws {
        var scene = Scene(
            gallery: Gallery(style: .line(LineLayout()), viewport: Size(width: 375, height: 400), itemCount: 3),
            displayScale: 2)
        scene.captions = try Self.captions("photo number one of the whole set here")
        let plan = try FramePlan(scene: scene, offset: 0)
        let scales = plan.items.map { $0.placement.pixelsPerPoint / 2 }
        #expect(scales.contains { abs($0 - 1.6) < 1e-9 } && scales.contains { $0 < 1.1 }, "\(scales)")
        let lines = plan.items.compactMap { $0.caption?.line }
        #expect(lines.count == plan.items.count && lines.allSatisfy { $0.width <= 100 })
        #expect(Set(lines.map(\.width)).count == 1, "\(lines.map(\.width))")
    }

    @Test(arguments: scripts)
    func scriptMatchesItsGolden(name: String, text: String) throws {
        try GoldenImage.assertMatches(
            try Self.render(Self.card(text)),
            golden: Self.goldenFolder.appendingPathComponent("caption-\(name).png").path,
            tolerance: GoldenImage.Tolerance(channel: 0, pixels: 0))
    }

    /// A cover flow of rounded cards with their captions over them on a scrim, white, turned in 3D.
    static func coverFlow() throws -> Scene {
        var scene = Scene(
            gallery: Gallery(
                style: .carousel(CarouselLayout(type: .coverflow, itemSize: Size(width: 160, height: 100))),
                viewport: Size(width: 320, height: 150), itemCount: 5),
            displayScale: 2,
            style: ItemStyle(shape: .rounded(cornerRadius: 10), placeholder: Color(r: 60, g: 120, b: 200)))
        scene.captions = try captions(
            "Card {number} — harbour", size: 13, style: CaptionStyle(position: .over, color: .white))
        return scene
    }

    @Test func overCaptionsTurnWithTheirCards() throws {
        try GoldenImage.assertMatches(
            try Self.render(Self.coverFlow(), offset: 230),
            golden: Self.goldenFolder.appendingPathComponent("caption-coverflow-over.png").path,
            tolerance: GoldenImage.Tolerance(channel: 0, pixels: 0))
    }

    @Test func theSameBytesWhateverTheThreadsOrTheBudget() throws {
        let scene = try Self.coverFlow()
        let reference = try Self.render(scene, offset: 230, jobs: 1)
        #expect(try Self.render(scene, offset: 230, jobs: 3) == reference)
        // A budget of a few rows paints the frame in strips: a caption crossing them is cut nowhere.
        #expect(try Self.render(scene, offset: 230, jobs: 2, budget: 320 * 2 * 16 * 12) == reference)
    }

    /// An over caption's scrim alone (the caption a space, no glyphs) on a white square on white:
    /// clear above 60 % of the item, then up to 40 % black at its lower edge, linear, written out:
    /// row y's centre is plane point y + 0.5 − 100, the ramp (that − 10)/40, the pixel 255·(1 − 0.4·ramp).
    @Test func theScrimDarkensTheLowerFortyPercentToFortyPercentBlack() throws {
        var scene = Scene(
            gallery: Gallery(
                style: .line(LineLayout(scaleFactor: 0)), viewport: Size(width: 200, height: 200), itemCount: 1),
            style: ItemStyle(shape: .rounded(cornerRadius: 0), placeholder: .white))
        scene.captions = try Self.captions(" ", style: CaptionStyle(position: .over))
        let image = try Self.render(scene)
        for row in [95, 105, 110, 111, 130, 149] {
            let planeY = Double(row) + 0.5 - 100
            let ramp = min(max((planeY - 10) / 40, 0), 1)
            let expected = 255 * (1 - 0.4 * ramp)
            #expect(abs(Double(image.pixel(100, row).0) - expected) <= 1, "row \(row)")
        }
        #expect(image.pixel(100, 150).0 == 255)
    }

    /// A fading item and its caption are one group (UIKit's group opacity): black "III" over a white
    /// card at alpha 0.5 on black shows black stems (0), not the card through them, and the card
    /// 255 × 0.5 (128); the scrim's lower edge 255 × 0.6 × 0.5.
    @Test func aFadingItemAndItsCaptionAreOneGroup() throws {
        var scene = Scene(
            gallery: Gallery(
                style: .line(LineLayout(scaleFactor: 0)), viewport: Size(width: 200, height: 200), itemCount: 1),
            style: ItemStyle(shape: .rounded(cornerRadius: 0), placeholder: .white), background: .black)
        scene.captions = try Self.captions(
            "III", size: 40, style: CaptionStyle(position: .over, color: .black))
        let layout = try scene.layout(atOffset: 0)
        let plan = FramePlan(
            scene: scene, layout: layout, items: layout.items.map { AnimatedItem(item: $0, alpha: 0.5) })
        let image = try FrameRenderer(scene: scene).render(plan, jobs: 2) { _ in nil }
        let inside = (50..<150).flatMap { y in (50..<150).map { x in image.pixel(x, y).0 } }
        #expect(inside.min() == 0)
        #expect(image.pixel(60, 60).0 == 128)
        #expect(abs(Int(image.pixel(60, 149).0) - Int((255 * (1 - 0.4 * 0.9875) * 0.5).rounded())) <= 1)
    }

    /// A fading item with a shadow and no caption is one group too (found by review: only a caption
    /// made it one): a white square at alpha 0.5 over its own unmoved, unblurred black shadow at
    /// opacity 1, on white, is the opaque group white over white (255), not the shadow showing
    /// through it (255·0.5·0.5 + 255·0.5 = 191).
    @Test func aFadingItemAndItsShadowAreOneGroup() throws {
        let shadow = Shadow(opacity: 1, radius: 0, offsetX: 0, offsetY: 0)
        let scene = Scene(
            gallery: Gallery(
                style: .line(LineLayout(scaleFactor: 0)), viewport: Size(width: 200, height: 200), itemCount: 1),
            style: ItemStyle(shape: .rounded(cornerRadius: 0), placeholder: .white, shadow: shadow),
            background: .white)
        let layout = try scene.layout(atOffset: 0)
        let plan = FramePlan(
            scene: scene, layout: layout, items: layout.items.map { AnimatedItem(item: $0, alpha: 0.5) })
        let image = try FrameRenderer(scene: scene).render(plan, jobs: 2) { _ in nil }
        #expect(image.pixel(100, 100).0 == 255)
        #expect(image.pixel(60, 60).0 == 255)
    }

    /// "HHHH" under a flat 100 pt square at scale 1 @3x: its ink is centred under the item and its
    /// last row is the baseline, from the contract's placement written out: the line box's top 4 pt
    /// below the item, 1.2 × 13 pt tall, the font's ascent and descent centred in it.
    @Test func aCaptionBelowSitsWhereTheContractPutsIt() throws {
        var scene = Scene(
            gallery: Gallery(
                style: .line(LineLayout(scaleFactor: 0)), viewport: Size(width: 200, height: 200), itemCount: 1),
            displayScale: 3, style: ItemStyle(shape: .rounded(cornerRadius: 0)))
        scene.captions = try Self.captions("HHHH", size: 13)
        let image = try Self.render(scene)
        let font = try Font.opened(path: Self.regular)
        let (ascent, descent) = (Double(font.ascender) * 13 / 2816, -Double(font.descender) * 13 / 2816)
        let top = 100 + 50 + 4.0
        let baseline = top + (1.2 * 13 - ascent - descent) / 2 + ascent
        // Ink: pixels below the item (rows from 150 pt) that are not the white background.
        var rows: [Int] = [], columns: [Int] = []
        for y in 450..<600 {
            for x in 0..<600 where image.pixel(x, y).0 < 255 { (rows, columns) = (rows + [y], columns + [x]) }
        }
        let (low, high) = (try #require(rows.min()), try #require(rows.max()))
        #expect(high == Int((baseline * 3).rounded(.up)) - 1)
        #expect(Double(low) >= top * 3 && Double(high) < (top + 1.2 * 13) * 3)
        let middle = Double(try #require(columns.min()) + (try #require(columns.max())) + 1) / 2
        #expect(abs(middle - 300) <= 1)
    }
}

extension RGBAImage {
    fileprivate func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
