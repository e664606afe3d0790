import Foundation
import GalleryCore
import TestSupport
@testable import Raster
import Testing

/// `readRegion`: a 3D item partly under an opaque one or cut by the frame's edges, drawn from only
/// the part of its photo that `readRegion` names, gives the same pixels as drawn from the whole
/// photo, whatever its turn, perspective (up to near its horizon), shape, content mode and photo size.
@Suite struct ReadRegionTests {
    typealias P = ProjectedPainting

    static let (width, height) = (160, 120)

    /// An opaque photo of random pixels: any texel read from the wrong place shows.
    static func noise(width: Int, height: Int, _ random: inout SplitMix) -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for _ in 0..<width * height {
            pixels += [
                UInt8.random(in: 0...255, using: &random), .random(in: 0...255, using: &random),
                .random(in: 0...255, using: &random), 255,
            ]
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Turned about y by `yaw` and about x by `pitch` (radians), then seen from `distance` points.
    static func turned(yaw: Double, pitch: Double, distance: Double) -> SIMD16<Double> {
        let (cy, sy, cx, sx) = (Foundation.cos(yaw), Foundation.sin(yaw), Foundation.cos(pitch), Foundation.sin(pitch))
        let aboutY = P.matrix([[cy, 0, -sy, 0], [0, 1, 0, 0], [sy, 0, cy, 0], [0, 0, 0, 1]])
        let aboutX = P.matrix([[1, 0, 0, 0], [0, cx, sx, 0], [0, -sx, cx, 0], [0, 0, 0, 1]])
        let eye = P.matrix([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, -1 / distance], [0, 0, 0, 1]])
        return P.concat(P.concat(aboutY, aboutX), eye)
    }

    /// `part` of `photo` as a decode of just that part gives it.
    static func part(_ photo: RGBAImage, _ region: ImageRegion) -> PhotoPart {
        var rows: [UInt8] = []
        for y in region.y {
            rows +=
                photo.pixels[(y * photo.width + region.x.lowerBound) * 4..<(y * photo.width + region.x.upperBound) * 4]
        }
        return PhotoPart(
            image: RGBAImage(width: region.x.count, height: region.y.count, pixels: rows), region: region,
            wholeSize: PixelSize(width: photo.width, height: photo.height))
    }

    /// A random placement at `scale` pixels a point: centred in `x` × `y`, 20 to `side` points a side,
    /// turned up to `yaw` and `pitch` (radians), seen from `distance` points.
    static func placement(
        x: ClosedRange<Double>, y: ClosedRange<Double>, side: Double, yaw: Double, pitch: Double,
        distance: ClosedRange<Double>, scale: Double, _ random: inout SplitMix
    ) -> ProjectedPlacement {
        ProjectedPlacement(
            centerX: .random(in: x, using: &random), centerY: .random(in: y, using: &random),
            width: .random(in: 20...side, using: &random), height: .random(in: 20...side, using: &random),
            transform: Self.turned(
                yaw: .random(in: -yaw...yaw, using: &random), pitch: .random(in: -pitch...pitch, using: &random),
                distance: .random(in: distance, using: &random)),
            pixelsPerPoint: scale)
    }

    /// `back` drawn from `photo`, then `front` over it from `cover`, as the renderer draws them.
    static func painted(
        _ painter: ProjectedItemPainter, _ back: ProjectedPlacement, photo: PhotoPart, front: ProjectedPlacement?,
        cover: PhotoPart
    ) throws -> [SIMD4<Float>] {
        let (w, h) = (Self.width, Self.height)
        let behind = try painter.prepare(back, photo: photo, canvasWidth: w, canvasHeight: h)
        let over = try front.map { try painter.prepare($0, photo: cover, canvasWidth: w, canvasHeight: h) }
        var pixels = [SIMD4<Float>](repeating: Color.white.premultiplied, count: w * h)
        pixels.withUnsafeMutableBufferPointer { pixels in
            let hiding = over.map { $0.isOpaque ? [$0] : [] } ?? []
            painter.paint(behind, into: pixels, rows: 0..<h, canvasWidth: w, hiddenBy: hiding)
            if let over { painter.paint(over, into: pixels, rows: 0..<h, canvasWidth: w) }
        }
        return pixels
    }

    /// Two in three items lie partly under an opaque one, the rest are cut by the frame's edges.
    @Test func anItemDrawnFromItsReadRegionIsTheSamePixels() throws {
        var random = SplitMix(seed: 5207)
        var (cases, smaller) = (0, [0, 0])
        let sizes = [(37, 23), (97, 61), (61, 97), (400, 300), (900, 1200)]
        let shapes: [Shape] = [.circle, .rounded(cornerRadius: 0), .rounded(cornerRadius: 9)]
        let modes: [ContentMode] = [.aspectFill, .fill]
        while cases < 300 {
            let (w, h) = sizes.randomElement(using: &random) ?? (97, 61)
            let style = ItemStyle(
                shape: shapes.randomElement(using: &random) ?? .circle,
                contentMode: modes.randomElement(using: &random) ?? .aspectFill)
            let painter = ProjectedItemPainter(style: style)
            let (scale, cut) = (Double(Int.random(in: 1...3, using: &random)), cases % 3 == 2)
            let back = Self.placement(
                x: cut ? -30...190 : 40...120, y: cut ? -20...140 : 30...90, side: 70, yaw: 1.5, pitch: 0.6,
                distance: 40...600, scale: scale, &random)
            let front =
                cut
                ? nil
                : Self.placement(
                    x: 30...130, y: 30...90, side: 60, yaw: 0.8, pitch: 0, distance: 200...600, scale: scale, &random)
            if cut, !ProjectedItemPainter.isCut(back, canvasWidth: Self.width, canvasHeight: Self.height) { continue }
            let (photo, size) = (Self.noise(width: w, height: h, &random), PixelSize(width: w, height: h))
            let read = painter.readRegion(
                ofPhoto: size, placement: back, coveredBy: front.map { [$0] } ?? [], canvasWidth: Self.width,
                canvasHeight: Self.height)
            let whole = painter.sourceRegion(ofPhoto: size, width: back.width, height: back.height)
            guard !read.isEmpty, whole.contains(read) else {
                Issue.record("\(read) is not within \(whole)")
                continue
            }
            cases += 1
            if read != whole { smaller[cut ? 1 : 0] += 1 }
            let cover = PhotoPart(whole: Self.noise(width: 50, height: 40, &random))
            let same =
                try Self.painted(painter, back, photo: Self.part(photo, read), front: front, cover: cover)
                == Self.painted(painter, back, photo: PhotoPart(whole: photo), front: front, cover: cover)
            #expect(
                same, "\(style.shape) \(style.contentMode) photo \(w)×\(h) @\(scale)x: \(back) under \(front as Any)")
        }
        // The cases exercise the test: items that read less than they show, covered and cut.
        #expect(smaller[0] >= 60 && smaller[1] >= 30, "\(smaller) of \(cases) read less than they show")
    }
}
