import Foundation
import GalleryCore
import Testing

@testable import Raster

/// The turn of a rotating interface onto its frame: quarter turns are permutations, other angles
/// bilinear over black, the angle from a polynomial that is the same on every CPU.
@Suite struct InterfaceTurnerTests {
    /// A 3 × 2 image whose pixel (x, y) is (x, y, 7, 255).
    let image = RGBAImage(
        width: 3, height: 2,
        pixels: (0..<2).flatMap { y in (0..<3).flatMap { x in [UInt8(x), UInt8(y), 7, 255] } })

    @Test func quarterTurnsArePermutations() throws {
        let left = try #require(InterfaceTurner.turn(image, degrees: 90, onto: PixelSize(width: 2, height: 3)))
        let right = try #require(InterfaceTurner.turn(image, degrees: -90, onto: PixelSize(width: 2, height: 3)))
        for y in 0..<3 {
            for x in 0..<2 {
                // Counter-clockwise: frame (X, Y) = image (W − 1 − Y, X); clockwise: (Y, H − 1 − X).
                #expect(left[x, y] == (UInt8(3 - 1 - y), UInt8(x), 7, 255))
                #expect(right[x, y] == (UInt8(y), UInt8(2 - 1 - x), 7, 255))
            }
        }
        #expect(InterfaceTurner.turn(image, degrees: 0, onto: PixelSize(width: 3, height: 2)) == image)
    }

    @Test func theSineIsExactAtQuarterTurnsAndCloseElsewhere() {
        for degrees in [-90.0, 0, 90] {
            let (s, c) = ExactSine.sineAndCosine(degrees: degrees)
            #expect(s == (degrees == 0 ? 0 : degrees > 0 ? 1 : -1) && c == (degrees == 0 ? 1 : 0))
        }
        for step in 0...1800 {
            let degrees = -90 + Double(step) / 10
            let (s, c) = ExactSine.sineAndCosine(degrees: degrees)
            #expect(abs(s - sin(degrees * .pi / 180)) < 1e-15 && abs(c - cos(degrees * .pi / 180)) < 1e-15)
        }
    }

    @Test func aTurnedUniformImageKeepsItsColourInsideAndIsBlackOutside() throws {
        let grey = RGBAImage(width: 40, height: 20, fill: (r: 100, g: 150, b: 200, a: 255))
        let frame = try #require(InterfaceTurner.turn(grey, degrees: 30, onto: PixelSize(width: 60, height: 60)))
        // The centre is inside the turned interface; the corners are not.
        #expect(frame[30, 30] == (100, 150, 200, 255))
        #expect(frame[0, 0] == (0, 0, 0, 255) && frame[59, 59] == (0, 0, 0, 255))
        // Coverage: the turned 40 × 20 rectangle has area 800 wherever it stands.
        var covered = 0.0
        for y in 0..<60 { for x in 0..<60 { covered += Double(frame[x, y].0) / 100 } }
        #expect(abs(covered - 800) < 8, "\(covered)")
    }
}
