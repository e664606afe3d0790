import CPNG
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
                    let value = y % 2 == 0 ? order[(pair % 4 * quarter + x) % order.count] : (x + pair / 4 + 64 * lane) & 255
                    image[(y * width + x) * 4 + lane] = UInt8(value)
                }
            }
        }
        var rows: [UInt8] = []
        rows.reserveCapacity(height * (1 + width * 4))
        for y in 0..<height {
            rows.append(4)
            for i in 0..<width * 4 {
                let a = i >= 4 ? Int(image[y * width * 4 + i - 4]) : 0
                let b = y > 0 ? Int(image[(y - 1) * width * 4 + i]) : 0
                let c = y > 0 && i >= 4 ? Int(image[(y - 1) * width * 4 + i - 4]) : 0
                rows.append(UInt8(truncatingIfNeeded: Int(image[y * width * 4 + i]) - Self.paeth(a, b, c)))
            }
        }
        let png = PNGCrafter.png(width: UInt32(width), height: UInt32(height), bitDepth: 8, colorType: 6, rows: rows)
        defer { gr_png_unfilter_cap_level(3) }
        for level: Int32 in [0, 1, 2, 3] {
            gr_png_unfilter_cap_level(level)
            let decoded = try PNGDecoder.decode(png, reader: .fast).image
            let first = decoded.pixels.indices.first { decoded.pixels[$0] != image[$0] }
            #expect(first == nil, "level \(level): first wrong sample at pixel \((first ?? 0) / 4 % width), row \((first ?? 0) / 4 / width)")
        }
    }
}
