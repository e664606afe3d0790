@testable import GalleryLayout
import Testing

/// Hand-computed from the tutorial's constants (S = 100, L = 70, A = 150, f = 0.6), W = 375.
@Suite struct LineLayoutTests {
    let gallery = Gallery(style: .line(LineLayout()), viewport: Size(width: 375, height: 200), itemCount: 20)

    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 }

    @Test func offset120ShowsItems2Then0Then1() throws {
        // c = 120 + 187.5 = 307.5; centres 187.5, 357.5, 527.5 are 120, 50, 220 away:
        // scales 1 + 0.6·(1 − d/150) = 1.12, 1.40, 0.72.
        let frame = try gallery.frame(atOffset: 120)
        #expect(frame.items.map(\.index) == [2, 0, 1])
        let expected: [(x: Double, scale: Double)] = [(407.5, 0.72), (67.5, 1.12), (237.5, 1.40)]
        for (item, want) in zip(frame.items, expected) {
            #expect(close(item.center.x, want.x))
            #expect(close(item.center.y, 100))
            #expect(close(item.scale, want.scale))
            #expect(close(item.size, 100 * want.scale))
        }
    }

    @Test func contentWidthIs3605() {
        // (375 − 100) + 20·100 + 19·70
        #expect(gallery.contentSize == Size(width: 3605, height: 200))
        #expect(gallery.scrollableRange == 0...3230)
    }

    /// The contract's formula holds for no items too (found by review: it had given W): (375 − 100) +
    /// 0 − 70 = 205; with items wider than the view, 0 rather than (375 − 400) − 0.7·400 = −305.
    @Test func noItemsTakeTheFormulaNeverBelowZero() {
        let empty = Gallery(style: .line(LineLayout()), viewport: Size(width: 375, height: 200), itemCount: 0)
        #expect(empty.contentSize == Size(width: 205, height: 200))
        #expect(empty.scrollableRange == 0...0)
        let wide = Gallery(
            style: .line(LineLayout(itemSize: 400)), viewport: Size(width: 375, height: 200), itemCount: 0)
        #expect(wide.contentSize.width == 0)
    }

    @Test func snapsFrom120To170() {
        #expect(gallery.snapped(120) == 170)
        #expect(gallery.snapped(84) == 0)  // 84/170 < 0.5
        #expect(gallery.snapped(85) == 0)  // a tie goes to the lower index
        #expect(gallery.snapped(85.001) == 170)
    }

    @Test func flingProjectsWithTheDecelerationRate() {
        // 1000 pt/s at 0.998: 1·0.998/0.002 = 499 pt → 619 → nearest item 4 (680 − 619 = 61 < 109).
        #expect(abs(DecelerationRate.normal.projectedDistance(velocity: 1000) - 499) < 1e-9)
        #expect(gallery.snapped(120, velocity: 1000) == 680)
        // 0.99: 1·0.99/0.01 = 99 → 219 → item 1.
        #expect(gallery.snapped(120, velocity: 1000, deceleration: .fast) == 170)
        #expect(gallery.snapped(120, velocity: -1_000_000) == 0)
        #expect(gallery.snapped(120, velocity: 1_000_000) == 3230)
    }

    @Test func offsetsClampUnlessOverscroll() throws {
        #expect(try gallery.frame(atOffset: -50).offset == 0)
        #expect(try gallery.frame(atOffset: 9999).offset == 3230)
        var bouncy = gallery
        bouncy.allowsOverscroll = true
        #expect(try bouncy.frame(atOffset: -50).offset == -50)
    }

    @Test func itemsBeyondFourHundredPointsAreNotDrawn() throws {
        // At 400 pt the tutorial's formula reaches 0, and goes negative (mirroring) past it.
        let line = LineLayout()
        #expect(line.scale(atDistance: 400) == 0)
        #expect(line.scale(atDistance: 500) == 0)
        let wide = Gallery(style: .line(line), viewport: Size(width: 1400, height: 200), itemCount: 20)
        for item in try wide.frame(atOffset: 0).items {
            #expect(item.scale > 0)
            #expect(abs(item.center.x - 700) < 400)
        }
    }

    @Test func onlyNearbyItemsAreLookedAt() throws {
        // A million items: only the few around the offset are candidates, and the answer is the same.
        let many = Gallery(style: .line(LineLayout()), viewport: Size(width: 375, height: 200), itemCount: 1_000_000)
        let frame = try many.frame(atOffset: 120)
        #expect(frame.items.map(\.index) == [2, 0, 1])
        #expect(
            LineLayout().candidates(count: 1_000_000, viewport: Size(width: 375, height: 200), offset: 170_000).count
                < 10)
    }

    @Test func scalesWithinRoundingOfZeroAreZero() {
        // W 1024, S 46, L 32.2, offset 773: item 15 is 400 pt from the centre, up to rounding.
        let line = LineLayout(itemSize: 46)
        let distance = 1024 / 2 + 15 * line.pitch - (773 + 1024 / 2)
        #expect(line.scale(atDistance: distance) == 0)
    }

    @Test func invalidParametersAreNamed() {
        func error(_ style: LayoutStyle, width: Double = 375) -> LayoutError? {
            do {
                try Gallery(style: style, viewport: Size(width: width, height: 200), itemCount: 3).validate()
                return nil
            } catch { return error }
        }
        let lengths = 0...1_000_000.0
        #expect(error(.line(LineLayout(itemSize: -1))) == .outOfRange(.itemSize, -1, allowed: 0.001...1_000_000))
        #expect(error(.line(LineLayout(itemSize: .nan)))?.parameter == .itemSize)
        #expect(error(.line(LineLayout(spacing: -3))) == .outOfRange(.spacing, -3, allowed: lengths))
        #expect(error(.line(LineLayout(activeDistance: 0))) == .notPositive(.activeDistance, 0))
        #expect(error(.line(LineLayout(scaleFactor: .infinity))) == .notFinite(.scaleFactor, .infinity))
        #expect(error(.line(LineLayout()), width: .nan)?.parameter == .width)
        #expect(error(.grid(GridLayout(columns: 0))) == .columnCount(0, allowed: 1...10_000))
        // 375/50 − 8 < 0
        #expect(
            error(.grid(GridLayout(columns: 50)))
                == .cellTooSmall(columns: 50, side: 375 / 50 - 8, viewportWidth: 375, sizeGiven: false))
        #expect(error(.grid(GridLayout(columns: 50)))?.parameter == .columns)
        // 3·130 > 375
        #expect(error(.grid(GridLayout(itemSize: 130))) == .cellsTooWide(columns: 3, side: 130, viewportWidth: 375))
        #expect(error(.grid(GridLayout(itemSize: 130)))?.parameter == .itemSize)
        #expect(error(.line(LineLayout())) == nil)
    }
}

/// Properties that hold for any item, offset and viewport.
@Suite struct LineLayoutPropertyTests {
    static let widths: [Double] = [320, 375, 414, 568, 1024]

    @Test(arguments: widths)
    func itemAtItsRestingOffsetIsCentredAtFullScale(width: Double) throws {
        let gallery = Gallery(style: .line(LineLayout()), viewport: Size(width: width, height: 200), itemCount: 12)
        for i in 0..<12 {
            let frame = try gallery.frame(atOffset: Double(i) * 170)
            let top = try #require(frame.items.last)
            #expect(top.index == i)
            #expect(abs(top.scale - 1.6) < 1e-12)
            #expect(abs(top.center.x - width / 2) < 1e-9)
        }
    }

    @Test func scaleIsSymmetricAndNeverGrowsWithDistance() {
        let line = LineLayout()
        var previous = Double.infinity
        for step in 0...1000 {
            let d = Double(step) * 0.5
            #expect(line.scale(atDistance: d) == line.scale(atDistance: -d))
            #expect(line.scale(atDistance: d) <= previous)
            previous = line.scale(atDistance: d)
        }
    }

    @Test(arguments: widths)
    func snappingIsIdempotentAndLandsOnAnItem(width: Double) {
        let gallery = Gallery(style: .line(LineLayout()), viewport: Size(width: width, height: 200), itemCount: 9)
        for step in -20...300 {
            let offset = Double(step) * 7.3
            for velocity in [-3000.0, -200, 0, 150, 2500] {
                let rest = gallery.snapped(offset, velocity: velocity)
                #expect(gallery.snapped(rest) == rest)
                #expect(gallery.scrollableRange.contains(rest))
                let index = rest / 170
                #expect(index == index.rounded() && index >= 0 && index < 9)
            }
        }
    }

    @Test func clampingHoldsAtBothEnds() throws {
        let gallery = Gallery(style: .line(LineLayout()), viewport: Size(width: 375, height: 200), itemCount: 5)
        #expect(try gallery.frame(atOffset: -1e9).offset == 0)
        #expect(try gallery.frame(atOffset: 1e9).offset == 680)
        let single = Gallery(style: .line(LineLayout()), viewport: Size(width: 375, height: 200), itemCount: 1)
        #expect(single.scrollableRange == 0...0)
        #expect(single.snapped(500, velocity: 9000) == 0)
    }
}

/// Mirror-image items at a snapped offset tie exactly, and the tie goes to the lower index (issue 17).
@Suite struct LineLayoutTieTests {
    @Test(arguments: [61.7, 33.3, 47.1, 12.9, 0.1])
    func mirrorImageItemsDrawLowerIndexFirst(spacing: Double) throws {
        let line = LineLayout(itemSize: 100, spacing: spacing, activeDistance: 238.57534130443756)
        let gallery = Gallery(style: .line(line), viewport: Size(width: 768, height: 200), itemCount: 20)
        let offset = gallery.snapped(2249)
        let frame = try gallery.frame(atOffset: offset)
        // The centred item k is offset / pitch; items k − m and k + m are the same distance away.
        let k = Int((offset / line.pitch).rounded())
        for item in frame.items where item.index != k {
            let mirror = 2 * k - item.index
            guard let twin = frame.items.first(where: { $0.index == mirror }) else { continue }
            #expect(twin.scale == item.scale, "\(item.index) and \(mirror)")
            let (low, high) = (min(item.index, mirror), max(item.index, mirror))
            let order = frame.items.map(\.index)
            #expect(order.firstIndex(of: low) ?? 0 < order.firstIndex(of: high) ?? 0, "\(order)")
        }
    }

    /// `value` as a user would type it: rounded to `decimals` places, then read as a Double.
    static func typed(_ value: Double, decimals: Int) throws -> Double {
        try #require(Double(String(format: "%.\(decimals)f", value)))
    }

    /// An offset typed on item k, k·(S + L), or half-way past it, (k + ½)·(S + L): m = 2k or 2k + 1
    /// half pitches. Items i and m − i are then equally far from the centre as the decimals have it,
    /// though not as their binary values (e.g. 399.9 = 3 × 133.3, 454.95 = 4.5 × 101.1).
    @Test(arguments: [33.3, 61.7, 1.1, 12.9, 47.1, 0.7])
    func mirrorImageItemsTieAtTypedOffsets(spacing: Double) throws {
        let line = LineLayout(itemSize: 100, spacing: spacing)
        let gallery = Gallery(style: .line(line), viewport: Size(width: 768, height: 200), itemCount: 40)
        for halves in 2...25 {
            let pitch = try Self.typed(100 + spacing, decimals: 1)
            let offset = try Self.typed(Double(halves) * pitch / 2, decimals: 2)
            let frame = try gallery.frame(atOffset: offset)
            let order = frame.items.map(\.index)
            for item in frame.items {
                guard let twin = frame.items.first(where: { $0.index == halves - item.index }), twin.index > item.index
                else { continue }
                #expect(twin.scale == item.scale, "offset \(offset): items \(item.index) and \(twin.index)")
                #expect(
                    order.firstIndex(of: item.index) ?? 0 < order.firstIndex(of: twin.index) ?? 0,
                    "offset \(offset): \(order)")
            }
        }
    }

    /// Snapping from half-way between items k and k + 1 (typed as a decimal) rests on item k.
    @Test(arguments: [61.7, 33.3, 1.1, 12.9, 47.1])
    func aSnapFromHalfWayRestsOnTheLowerItem(spacing: Double) throws {
        let line = LineLayout(itemSize: 100, spacing: spacing)
        let gallery = Gallery(style: .line(line), viewport: Size(width: 375, height: 200), itemCount: 40)
        let pitch = try Self.typed(100 + spacing, decimals: 1)
        for k in 0..<30 {
            let halfWay = try Self.typed((Double(k) + 0.5) * pitch, decimals: 2)
            let rest = gallery.snapped(halfWay)
            #expect(abs(rest - Double(k) * pitch) < 1e-9, "from \(halfWay): \(rest), not item \(k)")
        }
        // The review's case: 242.55 is 1.5 × 161.7, so item 1 at 161.7 (not item 2 at 323.4).
        if spacing == 61.7 { #expect(gallery.snapped(242.55) == 161.7) }
    }

    /// Fling projections that land half-way between items 5 and 6 (550, with S = 100, L = 0), as the
    /// decimals have it: (v/1000)·r/(1 − r) is 1·499, 0.5·99, 0.1·19, 0.003·99999 and −0.001·999999.
    @Test(arguments: [
        (DecelerationRate.normal, 1000.0, 51.0), (.fast, 500, 500.5), (.custom(0.95), 100, 548.1),
        (.custom(0.99999), 3, 250.003), (.custom(0.999999), -1, 1549.999),
    ])
    func aProjectionToHalfWayRestsOnTheLowerItem(rate: DecelerationRate, velocity: Double, offset: Double) {
        let line = LineLayout(itemSize: 100, spacing: 0)
        let gallery = Gallery(style: .line(line), viewport: Size(width: 375, height: 200), itemCount: 40)
        #expect(gallery.snapped(offset, velocity: velocity, deceleration: rate) == 500)
    }

    /// Near 10⁹ pt a Double still resolves 10⁻⁷ pt: 0.0008 pt from half-way is no tie (the review's cases).
    @Test func nearTiesAtLargeOffsetsAreNotTies() throws {
        let line = LineLayout(itemSize: 1000, spacing: 0, activeDistance: 600, scaleFactor: 1)
        let gallery = Gallery(style: .line(line), viewport: Size(width: 375, height: 200), itemCount: 1_000_000)
        // Half-way between items 899,999 and 900,000 is 899,999,500: the lower; 0.0008 past it, the upper.
        #expect(gallery.snapped(899_999_500) == 899_999_000)
        #expect(gallery.snapped(899_999_500.0008) == 900_000_000)
        // 0.0008 before half-way, item 899,999 is nearer (499.9992 against 500.0008): larger, on top.
        let frame = try gallery.frame(atOffset: 899_999_499.9992)
        #expect(frame.items.last?.index == 899_999, "\(frame.items.map(\.index))")
    }
}
