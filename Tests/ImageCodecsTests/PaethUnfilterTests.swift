import CPNG
import CPNGRead
import ImageCodecs
import TestSupport
import Testing

/// The fast reader's Paeth unfiltering at every level of code this CPU runs, against PNG's rule, for
/// every (left, up, upper-left) triple of sample values: 2²⁴ of them, each reached in some lane.
@Suite struct PaethUnfilterTests {
    /// PNG's Paeth predictor, as the specification states it.
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// A cyclic sequence of 0…255 in which every ordered pair of values follows each other exactly
    /// once (a de Bruijn sequence of order 2, by the FKM algorithm).
    static func everyPairOnce() -> [Int] {
        var word = [0, 0, 0]
        var sequence: [Int] = []
        func extend(_ t: Int, _ p: Int) {
            if t > 2 {
                if 2 % p == 0 { sequence += word[1...p] }
                return
            }
            word[t] = word[t - p]
            extend(t + 1, p)
            for value in (word[t - p] + 1)..<256 {
                word[t] = value
                extend(t + 1, t)
            }
        }
        extend(1, 1)
        return sequence
    }

    /// RGBA rows in pairs. The upper row walks through a quarter of the sequence (the decoder takes at
    /// most 32,768 pixels a side), so that four upper rows hold every (upper-left, up) pair. In the k-th
    /// pair of rows on each quarter the lower row's lane L holds (x + k + 64·L) mod 256: over 64 pairs
    /// every left value meets every (upper-left, up) pair.
    @Test func everyTripleDecodesToWhatWasFiltered() throws {
        let order = Self.everyPairOnce()
        #expect(order.count == 65536)
        #expect(Set(order.indices.map { order[$0] << 8 | order[($0 + 1) % order.count] }).count == 65536)
        let quarter = order.count / 4
        let width = quarter + 7  // a last chunk of 4 pixels and 3 after it, at the AVX2 level
        let height = 4 * 64 * 2
        var image = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let pair = y / 2
            for x in 0..<width {
                for lane in 0..<4 {
                    let value =
                        y % 2 == 0 ? order[(pair % 4 * quarter + x) % order.count] : (x + pair / 4 + 64 * lane) & 255
                    image[(y * width + x) * 4 + lane] = UInt8(value)
                }
            }
        }
        try Self.expectPaethRowsDecode(image, width: width, height: height, channels: 4)
    }

    /// Rows of runs of equal pixels (1 to 12 long) over rows of runs, RGB and RGBA, at widths around
    /// the four-pixel steps: where the row above is flat over four pixels and the one before them,
    /// the AVX2 loop takes them as a prefix sum, as Sub; elsewhere the threshold test.
    @Test(arguments: [3, 4])
    func flatRowsAboveDecodeToWhatWasFiltered(channels: Int) throws {
        var random = SplitMix(seed: UInt64(channels))
        for width in [1, 3, 4, 5, 8, 9, 15, 16, 17, 31, 64, 101] {
            let height = 24
            var image = [UInt8](repeating: 0, count: width * height * 4)
            for y in 0..<height {
                var x = 0
                while x < width {
                    let run = Int.random(in: 1...12, using: &random)
                    let pixel = (0..<4).map { lane in
                        lane == 3 && channels == 3 ? 255 : UInt8.random(in: 0...3, using: &random) * 60
                    }
                    for i in x..<min(width, x + run) {
                        image.replaceSubrange((y * width + i) * 4..<(y * width + i) * 4 + 4, with: pixel)
                    }
                    x += run
                }
            }
            try Self.expectPaethRowsDecode(image, width: width, height: height, channels: channels)
        }
    }

    /// Filters `image` (RGBA, alpha 255 when `channels` is 3) with Paeth on every row, and decodes it
    /// with the fast reader at every level.
    static func expectPaethRowsDecode(_ image: [UInt8], width: Int, height: Int, channels: Int) throws {
        var rows: [UInt8] = []
        rows.reserveCapacity(height * (1 + width * channels))
        func sample(_ x: Int, _ y: Int, _ lane: Int) -> Int { Int(image[(y * width + x) * 4 + lane]) }
        for y in 0..<height {
            rows.append(4)
            for x in 0..<width {
                for lane in 0..<channels {
                    let a = x > 0 ? sample(x - 1, y, lane) : 0
                    let b = y > 0 ? sample(x, y - 1, lane) : 0
                    let c = x > 0 && y > 0 ? sample(x - 1, y - 1, lane) : 0
                    rows.append(UInt8(truncatingIfNeeded: sample(x, y, lane) - Self.paeth(a, b, c)))
                }
            }
        }
        let png = PNGCrafter.png(
            width: UInt32(width), height: UInt32(height), bitDepth: 8, colorType: channels == 4 ? 6 : 2, rows: rows)
        defer { gr_png_unfilter_cap_level(3) }
        for level: Int32 in [0, 1, 2, 3] {
            gr_png_unfilter_cap_level(level)
            let decoded = try PNGDecoder.decode(png, reader: .fast).image
            let first = decoded.pixels.indices.first { decoded.pixels[$0] != image[$0] }
            #expect(
                first == nil,
                "level \(level), \(width) wide: first wrong sample at pixel \((first ?? 0) / 4 % width), row \((first ?? 0) / 4 / width)"
            )
        }
    }
}
