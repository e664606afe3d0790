import GalleryCore
import TestSupport
@testable import Raster
import Testing

/// The 3D painter: flat transforms give the 2D painter's pixels, perspective edges are smooth,
/// minified photos do not alias, nothing behind the eye is drawn, and bands give exactly the whole.
@Suite struct ProjectedItemPainterTests {
    typealias P = ProjectedPainting

    static let styles: [ItemStyle] = [
        ItemStyle(shape: .rounded(cornerRadius: 0)),
        ItemStyle(shape: .circle),
        ItemStyle(shape: .rounded(cornerRadius: 7)),
        ItemStyle(shape: .circle, borderWidth: 3, borderColor: Color(r: 20, g: 40, b: 200)),
        ItemStyle(shape: .rounded(cornerRadius: 6), borderWidth: 2.5, borderColor: .black, contentMode: .aspectFill),
        ItemStyle(shape: .rounded(cornerRadius: 0), placeholder: Color(r: 0, g: 0, b: 255), contentMode: .aspectFit),
    ]

    /// Tolerance against the 2D painter, in channel units (0…255) of the Float canvases; measured
    /// 1.0 at most. Straight edges agree exactly (both take the exact area of the pixel); a curved
    /// edge is its tangent less the arc's sliver at the pixel centre here, 16 exact sub-columns
    /// there, which differ by up to 0.4 % of a pixel on the 3.5-pixel inner corner of the bordered
    /// rounded square; the photo (a linear gradient, which Lanczos-3, bilinear and box levels all
    /// keep) differs only where the filters meet its edges. (pixelmatch's default threshold, 0.1, lets
    /// some 26 levels of grey through.)
    static let flatTolerance: Float = 1.5

    @Test(arguments: styles)
    func identityGivesTheFlatPaintersPixels(style: ItemStyle) throws {
        // A linear gradient, a half-transparent flat colour (the placeholder shows through), none.
        let photos = [
            P.gradient(width: 80, height: 60), RGBAImage(width: 30, height: 20, fill: (200, 40, 90, 128)), nil,
        ]
        for (photo, alpha) in zip(photos + photos, [1, 1, 1, 0.6, 0.6, 0.6] as [Float]) {
            let placement = ProjectedPlacement(
                centerX: 32.3, centerY: 31.6, width: 40, height: 40, transform: ProjectedPlacement.identityTransform,
                pixelsPerPoint: 1, alpha: alpha)
            let flat = ItemPainter.Placement(
                rect: PixelRect(centerX: 32.3, centerY: 31.6, side: 40), pixelsPerPoint: 1, alpha: alpha)
            let difference = P.maxDifference(
                try P.projected(style, placement, photo: photo), try P.flat(style, flat, photo: photo))
            #expect(difference <= Self.flatTolerance, "photo \(photo?.width ?? 0) wide, alpha \(alpha)")
        }
    }

    @Test(arguments: styles)
    func scaleAndTranslationGiveTheFlatPaintersPixels(style: ItemStyle) throws {
        // [x y 0 1]·M = (1.5x + 2, 1.5y − 1.5): a layout scale 1.5 and a shift, at @2x.
        let transform = P.matrix([[1.5, 0, 0, 0], [0, 1.5, 0, 0], [0, 0, 1, 0], [2, -1.5, 0, 1]])
        let placement = ProjectedPlacement(
            centerX: 30.2, centerY: 33.7, width: 14, height: 14, transform: transform, pixelsPerPoint: 2)
        let flat = ItemPainter.Placement(
            rect: PixelRect(centerX: 30.2 + 4, centerY: 33.7 - 3, side: 14 * 3), pixelsPerPoint: 3)
        let photo = P.gradient(width: 60, height: 45)
        let difference = P.maxDifference(
            try P.projected(style, placement, photo: photo), try P.flat(style, flat, photo: photo))
        #expect(difference <= Self.flatTolerance)
    }

    @Test(arguments: styles)
    func aNonSquareCardGivesTheFlatPaintersPixels(style: ItemStyle) throws {
        // A 16:9 card, 48 × 27 points at 1.2 px/pt (57.6 × 32.4 px) and at a sub-pixel centre: the
        // circle is the inscribed ellipse, a rounded card keeps its radius, in both painters.
        let photos = [P.gradient(width: 80, height: 60), P.gradient(width: 40, height: 70), nil]
        for photo in photos {
            let placement = ProjectedPlacement(
                centerX: 32.3, centerY: 21.6, width: 48, height: 27, transform: ProjectedPlacement.identityTransform,
                pixelsPerPoint: 1.2)
            let flat = ItemPainter.Placement(
                rect: PixelRect(centerX: 32.3, centerY: 21.6, width: 48 * 1.2, height: 27 * 1.2), pixelsPerPoint: 1.2)
            let difference = P.maxDifference(
                try P.projected(style, placement, photo: photo, height: 44),
                try P.flat(style, flat, photo: photo, height: 44))
            #expect(difference <= Self.flatTolerance, "photo \(photo?.width ?? 0) × \(photo?.height ?? 0)")
        }
    }

    @Test func rotationAboutYBy180MirrorsHorizontally() throws {
        let style = ItemStyle(shape: .rounded(cornerRadius: 9), borderWidth: 2, borderColor: .black)
        let photo = P.gradient(width: 80, height: 60)
        let placement = { (transform: SIMD16<Double>) in
            ProjectedPlacement(
                centerX: 32, centerY: 30.4, width: 44, height: 30, transform: transform, pixelsPerPoint: 1)
        }
        let front = try P.projected(style, placement(ProjectedPlacement.identityTransform), photo: photo)
        // cos π = −1, sin π taken as 0: x and z change sign.
        let back = try P.projected(
            style, placement(P.matrix([[-1, 0, 0, 0], [0, 1, 0, 0], [0, 0, -1, 0], [0, 0, 0, 1]])), photo: photo)
        var difference: Float = 0
        for y in 0..<64 {
            for x in 0..<64 {
                difference = max(difference, P.difference(front.pixels[y * 64 + x], back.pixels[y * 64 + 63 - x]))
            }
        }
        #expect(difference <= 0.001)
    }

    @Test func perspectiveEdgesAreAntiAliased() throws {
        let placement = ProjectedPlacement(
            centerX: 60, centerY: 40, width: 100, height: 60, transform: P.tilted, pixelsPerPoint: 1)
        let style = ItemStyle(shape: .rounded(cornerRadius: 0), placeholder: .black)
        let canvas = try P.projected(style, placement, photo: nil, width: 120, height: 80, background: .transparent)
        // The top edge slants (the near side is taller): along it, each column's covered height.
        let columns = 40..<80
        let heights = columns.map { x in (0..<40).reduce(Float(0)) { $0 + canvas.pixels[$1 * 120 + x].w / 255 } }
        let partial = columns.filter { x in
            (0..<40).contains { canvas.pixels[$0 * 120 + x].w > 0 && canvas.pixels[$0 * 120 + x].w < 255 }
        }
        #expect(partial == Array(columns))
        // A binary mask would step by whole pixels; coverage follows the straight edge smoothly.
        let slopes = zip(heights.dropFirst(), heights).map { $0 - $1 }
        let bends = zip(slopes.dropFirst(), slopes).map { abs($0 - $1) }
        #expect(slopes.allSatisfy { $0 < 0 })
        #expect(bends.max() ?? 1 < 0.02)
    }

    @Test(arguments: [1, 3])
    func minifiedCheckerboardIsGrey(square: Int) throws {
        let photo = P.checkerboard(side: 1024, square: square)
        for transform in [ProjectedPlacement.identityTransform, P.tilted] {
            let placement = ProjectedPlacement(
                centerX: 32, centerY: 32, width: 40, height: 40, transform: transform, pixelsPerPoint: 1)
            let style = ItemStyle(shape: .rounded(cornerRadius: 0))
            let canvas = try P.projected(style, placement, photo: photo, background: .transparent)
            let bounds = ProjectedItemPainter.bounds(of: placement, width: 64, height: 64)
            var (low, high, sum, count) = (Float(255), Float(0), Float(0), 0)
            for y in bounds.y.dropFirst().dropLast() {
                for x in bounds.x.dropFirst().dropLast() where canvas.pixels[y * 64 + x].w == 255 {
                    let grey = canvas.pixels[y * 64 + x].x
                    (low, high, sum, count) = (min(low, grey), max(high, grey), sum + grey, count + 1)
                }
            }
            #expect(count > 300)
            #expect(abs(sum / Float(count) - 127.5) < 1.5)
            #expect(low > 127.5 - 3 && high < 127.5 + 3)
        }
    }

    @Test func minifiedPhotoIsCloseToItsAreaAverage() throws {
        // 3-pixel squares, about ten photo pixels to a frame pixel, under perspective: the reference is
        // the photo's mean over each pixel (8 × 8 point samples); point sampling alone is off by ~125.
        let photo = P.checkerboard(side: 1024, square: 3)
        let placement = ProjectedPlacement(
            centerX: 32, centerY: 32, width: 50, height: 50, transform: P.tilted, pixelsPerPoint: 1)
        let canvas = try P.projected(
            ItemStyle(shape: .rounded(cornerRadius: 0)), placement, photo: photo, background: .transparent)
        let homography = try #require(ItemHomography(placement))
        var (error, count) = (0.0, 0)
        for y in 0..<64 {
            for x in 0..<64 where canvas.pixels[y * 64 + x].w == 255 {
                var sum = 0.0
                for j in 0..<8 {
                    for i in 0..<8 {
                        let point = try #require(
                            homography.backward(Double(x) + (Double(i) + 0.5) / 8, Double(y) + (Double(j) + 0.5) / 8))
                        let (u, v) = (Int((point.x + 25) / 50 * 1024), Int((point.y + 25) / 50 * 1024))
                        sum += Double(photo[min(max(u, 0), 1023), min(max(v, 0), 1023)].r)
                    }
                }
                error += abs(Double(canvas.pixels[y * 64 + x].x) - sum / 64)
                count += 1
            }
        }
        #expect(count > 500)
        #expect(error / Double(count) < 4)
    }

    @Test func nothingBehindTheEyeIsDrawn() throws {
        // W = 1 + x/100 over x in −200…200: the left quarter is behind the eye. Drawn naively, it would
        // come back mirrored right of x = 200 (cx + 100 pixels).
        let transform = P.matrix([[1, 0, 0, 0.01], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
        let placement = ProjectedPlacement(
            centerX: 100, centerY: 100, width: 400, height: 100, transform: transform, pixelsPerPoint: 1)
        let style = ItemStyle(shape: .rounded(cornerRadius: 0), placeholder: .black)
        let canvas = try P.projected(style, placement, photo: nil, width: 400, height: 200)
        let bounds = ProjectedItemPainter.bounds(of: placement, width: 400, height: 200)
        // The front part ends at x = 200/(1 + 2) = 66.7 points right of the centre.
        #expect(bounds.x == 0..<167)
        for y in 0..<200 {
            for x in 167..<400 { #expect(canvas.pixels[y * 400 + x] == Color.white.premultiplied) }
        }
        #expect(canvas.pixels[100 * 400 + 5] == Color.black.premultiplied)
    }

    @Test func bandsPaintExactlyTheWhole() throws {
        let style = ItemStyle(shape: .circle, borderWidth: 4, borderColor: Color(r: 200, g: 10, b: 10, a: 180))
        let placement = ProjectedPlacement(
            centerX: 58.3, centerY: 37.9, width: 90, height: 50, transform: P.tilted, pixelsPerPoint: 1.2,
            alpha: 0.75)
        let painter = ProjectedItemPainter(style: style)
        let (width, height) = (120, 80)
        let prepared = try painter.prepare(
            placement, photo: PhotoPart(whole: P.checkerboard(side: 300, square: 7)), canvasWidth: width,
            canvasHeight: height)
        let background = Color(r: 10, g: 200, b: 90, a: 128).premultiplied
        var whole = [SIMD4<Float>](repeating: background, count: width * height)
        whole.withUnsafeMutableBufferPointer { painter.paint(prepared, into: $0, rows: 0..<height, canvasWidth: width) }
        var banded: [SIMD4<Float>] = []
        for rows in [0..<7, 7..<30, 30..<31, 31..<64, 64..<80] {
            var band = [SIMD4<Float>](repeating: background, count: rows.count * width)
            band.withUnsafeMutableBufferPointer { painter.paint(prepared, into: $0, rows: rows, canvasWidth: width) }
            banded += band
        }
        #expect(banded == whole)
        #expect(whole.contains { $0 != background })
    }

    @Test func sourceScaleIsTheLargestMagnification() {
        let flat = ProjectedPlacement(
            centerX: 50, centerY: 50, width: 30, height: 30, transform: ProjectedPlacement.identityTransform,
            pixelsPerPoint: 3)
        #expect(abs(ProjectedItemPainter.sourceScale(of: flat, canvasWidth: 100, canvasHeight: 100) - 3) < 1e-12)
        // Tilted, the near (left) edge is magnified beyond the flat scale, the far edge less.
        let tilted = ProjectedPlacement(
            centerX: 150, centerY: 100, width: 200, height: 100, transform: P.tilted, pixelsPerPoint: 2)
        let scale = ProjectedItemPainter.sourceScale(of: tilted, canvasWidth: 300, canvasHeight: 200)
        #expect(scale > 2 && scale < 3)
    }

    @Test func theSourceRegionIsWhatTheContentModeShows() {
        // A 400 × 300 photo on a 200 × 200 item: aspect fill scales it by 2/3 to 266.7 × 200, whose middle
        // 200 points are photo columns 50..<350, and two more each side: 48..<352; aspect fit and fill
        // show all of it.
        let size = PixelSize(width: 400, height: 300)
        let crop = ProjectedItemPainter(style: ItemStyle(contentMode: .aspectFill))
        #expect(crop.sourceRegion(ofPhoto: size, width: 200, height: 200) == ImageRegion(x: 48..<352, y: 0..<300))
        // A 16:9 card (160 × 90) of the same photo: scale 0.4 → 160 × 120, rows 37.5..<262.5 → 37..<263,
        // and the margin: 35..<265.
        #expect(crop.sourceRegion(ofPhoto: size, width: 160, height: 90) == ImageRegion(x: 0..<400, y: 35..<265))
        for mode in [ContentMode.aspectFit, .fill] {
            let all = ProjectedItemPainter(style: ItemStyle(contentMode: mode))
            #expect(all.sourceRegion(ofPhoto: size, width: 200, height: 200) == ImageRegion(whole: size))
        }
    }

    @Test func aPartHoldingMoreThanTheSourceRegionPaintsTheSame() throws {
        // The pyramid is built from the source region alone: a decode of the whole photo and one of
        // just the region (a region decode planned for this item) give the same bytes.
        let photo = P.checkerboard(side: 300, square: 7)
        let style = ItemStyle(shape: .rounded(cornerRadius: 6), contentMode: .aspectFill)
        let placement = ProjectedPlacement(
            centerX: 60, centerY: 40, width: 90, height: 50, transform: P.tilted, pixelsPerPoint: 1.2)
        let painter = ProjectedItemPainter(style: style)
        let region = painter.sourceRegion(ofPhoto: PixelSize(width: 300, height: 300), width: 90, height: 50)
        #expect(region.x == 0..<300 && region.y.count < 300)
        var rows: [UInt8] = []
        for y in region.y {
            rows += photo.pixels[(y * 300 + region.x.lowerBound) * 4..<(y * 300 + region.x.upperBound) * 4]
        }
        let part = PhotoPart(
            image: RGBAImage(width: region.x.count, height: region.y.count, pixels: rows), region: region,
            wholeSize: PixelSize(width: 300, height: 300))
        func painted(_ photo: PhotoPart) throws -> [SIMD4<Float>] {
            let prepared = try painter.prepare(placement, photo: photo, canvasWidth: 120, canvasHeight: 80)
            var pixels = [SIMD4<Float>](repeating: .zero, count: 120 * 80)
            pixels.withUnsafeMutableBufferPointer { painter.paint(prepared, into: $0, rows: 0..<80, canvasWidth: 120) }
            return pixels
        }
        #expect(try painted(part) == painted(PhotoPart(whole: photo)))
    }

    @Test func aBorderThatFillsTheShapeShowsNoPhoto() throws {
        // A 40-point item with a 20-point border is all border, turned or not; the photo showed in its
        // rectangle, over the border and past a circle's edge (found by review).
        for shape in [Shape.circle, .rounded(cornerRadius: 0), .rounded(cornerRadius: 8)] {
            let style = ItemStyle(shape: shape, borderWidth: 20, borderColor: Color(r: 200, g: 0, b: 0))
            for transform in [ProjectedPlacement.identityTransform, P.tilted] {
                let placement = ProjectedPlacement(
                    centerX: 32, centerY: 31, width: 40, height: 40, transform: transform, pixelsPerPoint: 1)
                let photo = try P.projected(style, placement, photo: P.gradient(width: 80, height: 60))
                #expect(try photo.pixels == P.projected(style, placement, photo: nil).pixels, "\(shape)")
            }
        }
    }

    @Test func whatAnOpaqueItemCoversIsNotPaintedAndTheResultIsTheSame() throws {
        // A tilted card behind a frontal opaque one: painting the back card hidden by the front one,
        // then the front one, gives the same pixels as painting both wholly.
        let style = ItemStyle(shape: .rounded(cornerRadius: 4))
        let painter = ProjectedItemPainter(style: style)
        let photo = PhotoPart(whole: P.gradient(width: 80, height: 60))
        let back = try painter.prepare(
            ProjectedPlacement(centerX: 50, centerY: 40, width: 70, height: 50, transform: P.tilted, pixelsPerPoint: 1),
            photo: photo, canvasWidth: 120, canvasHeight: 80)
        let front = try painter.prepare(
            ProjectedPlacement(
                centerX: 60, centerY: 40, width: 60, height: 40, transform: ProjectedPlacement.identityTransform,
                pixelsPerPoint: 1),
            photo: photo, canvasWidth: 120, canvasHeight: 80)
        #expect(front.isOpaque)
        func painted(hiding: Bool) -> [SIMD4<Float>] {
            var pixels = [SIMD4<Float>](repeating: Color.white.premultiplied, count: 120 * 80)
            pixels.withUnsafeMutableBufferPointer { pixels in
                painter.paint(back, into: pixels, rows: 0..<80, canvasWidth: 120, hiddenBy: hiding ? [front] : [])
                painter.paint(front, into: pixels, rows: 0..<80, canvasWidth: 120)
            }
            return pixels
        }
        #expect(painted(hiding: true) == painted(hiding: false))
        // A fading item or a photo with transparency hides nothing.
        let faded = try painter.prepare(
            ProjectedPlacement(
                centerX: 60, centerY: 40, width: 60, height: 40, transform: ProjectedPlacement.identityTransform,
                pixelsPerPoint: 1, alpha: 0.5),
            photo: photo, canvasWidth: 120, canvasHeight: 80)
        #expect(!faded.isOpaque)
        let clear = RGBAImage(width: 8, height: 8, fill: (10, 20, 30, 128))
        let seeThrough = try painter.prepare(
            ProjectedPlacement(
                centerX: 60, centerY: 40, width: 60, height: 40, transform: ProjectedPlacement.identityTransform,
                pixelsPerPoint: 1),
            photo: PhotoPart(whole: clear), canvasWidth: 120, canvasHeight: 80)
        #expect(!seeThrough.isOpaque)
    }

    @Test func theRunsLeftAfterHidingColumns() {
        func runs(_ columns: Range<Int>, _ hidden: [Range<Int>]) -> [Range<Int>] {
            var runs: [Range<Int>] = []
            ProjectedItemPainter.forEachRun(of: columns, without: hidden) { runs.append($0) }
            return runs
        }
        #expect(runs(0..<10, [3..<5, 8..<20, 0..<0]) == [0..<3, 5..<8])
        // Overlapping and touching cuts, in any order; a cut before the columns; nothing left.
        #expect(runs(0..<20, [12..<15, 4..<9, 6..<12, -3..<1, 19..<19]) == [1..<4, 15..<20])
        #expect(runs(2..<6, [0..<3, 3..<6]) == [])
        #expect(runs(0..<5, []) == [0..<5])
    }
}

/// A row's columns are found by clipping the item's polygon to the row's strip, streamed so that no
/// row allocates: they must be the twice-clipped polygon's, to the bit.
@Suite struct FramePolygonRowTests {
    /// `FramePolygon.columns(inRow:)` as it was written before it was streamed: two clips and a span.
    static func reference(_ polygon: FramePolygon, _ row: Int) -> Range<Int> {
        let top = Double(row)
        let strip = polygon.clipped(to: .init(a: 0, b: 1, c: -top)).clipped(to: .init(a: 0, b: -1, c: top + 1))
        guard strip.points.count >= 2 else { return 0..<0 }
        var (left, right) = (Double.infinity, -Double.infinity)
        for p in strip.points { (left, right) = (min(left, p.x), max(right, p.x)) }
        guard left.isFinite, right.isFinite, left < right else { return 0..<0 }
        let start = Int(left.rounded(.down)), end = Int(right.rounded(.up))
        return start < end ? start..<end : 0..<0
    }

    @Test func streamedRowsAreTheTwiceClippedPolygons() {
        var random = SplitMix(seed: 11)
        func coordinate() -> Double { Double(random.next() % 40_000) / 100 - 50 }
        for _ in 0..<400 {
            // Up to eight vertices anywhere (convex or not: the clip is the same either way), vertices
            // on row boundaries, repeated vertices and degenerate polygons among them.
            let count = Int(random.next() % 9)
            var points: [(x: Double, y: Double)] = (0..<count).map { _ in (coordinate(), coordinate()) }
            if count > 2, random.next() % 3 == 0 { points[1].y = points[1].y.rounded() }
            if count > 3, random.next() % 5 == 0 { points[3] = points[2] }
            let polygon = FramePolygon(points: points)
            for row in -60..<360 where polygon.columns(inRow: row) != Self.reference(polygon, row) {
                Issue.record(
                    "row \(row) of \(points): \(polygon.columns(inRow: row)) ≠ \(Self.reference(polygon, row))")
                return
            }
        }
    }
}
