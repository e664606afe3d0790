import GalleryLayout
import Testing

/// CollectionViewPagingLayout's ScaleTransformView (commit 5b40724) and its presets on full pages
/// 390 × 844, item 3 at offset (3 − p)·390: transforms against the oracle numbers of an independent
/// re-implementation (the research note for issue 53, §5.2: a Python script applying Core
/// Animation's products step by step and checking every matrix by pushing the corners through the
/// steps one at a time), and the formulas written out here from the source.
@Suite struct ScaleTransformTests {
    static let viewport = Size(width: 390, height: 844)

    static func item(_ preset: ScalePreset, p: Double, inset: Double = 0) -> LayoutItem {
        PageLayout(.scale(preset), pageInset: inset).item(3, viewport: viewport, offset: (3 - p) * 390)
    }

    /// The oracle's matrices (m11…m44) at p = 0.35 and −0.8.
    static let oracle: [(ScalePreset, Double, [Double])] = [
        (.default, 0.35, [0.9125, 0, 0, 0, 0, 0.9125, 0, 0, 0, 0, 1, 0, 144.00750000000002, 69.41899999999997, 0, 1]),
        (.default, -0.8, [0.8, 0, 0, 0, 0, 0.8, 0, 0, 0, 0, 1, 0, -329.16, 158.67200000000003, 0, 1]),
        (.blur, 0.35, [0.86, 0, 0, 0, 0, 0.86, 0, 0, 0, 0, 1, 0, 117.39000000000001, -7.105427357601002e-15, 0, 1]),
        (.linear, -0.8, [0.68, 0, 0, 0, 0, 0.68, 0, 0, 0, 0, 1, 0, -268.32000000000005, 0, 0, 1]),
        (
            .easeIn, 0.35,
            [
                0.7527807613151629, 0, 0, 0, 0, 0.7527807613151629, 0, 0, 0, 0, 1, 0, 138.29775154354323,
                -45.24651872500125, 0, 1,
            ]
        ),
        (
            .easeIn, -0.8,
            [
                0.6344744590465132, 0, 0, 0, 0, 0.6344744590465132, 0, 0, 0, 0, 1, 0, -277.19748048593,
                -19.211778282371398, 0, 1,
            ]
        ),
        (.easeOut, 0.35, [0.86, 0, 0, 0, 0, 0.86, 0, 0, 0, 0, 1, 0, 186.3855800936927, 45.246518725001245, 0, 1]),
        (.easeOut, -0.8, [0.68, 0, 0, 0, 0, 0.68, 0, 0, 0, 0, 1, 0, -297.61568560356875, 19.21177828237137, 0, 1]),
        (
            .rotary, 0.35,
            [
                0.8576904504130339, 0.06298484952976324, 0, 0, -0.06298484952976324, 0.8576904504130339, 0, 0, 0, 0, 1,
                -0.004, 144.45669937813201, 33.07386466993243, -117, 1.468,
            ]
        ),
        (
            .rotary, -0.8,
            [
                0.6704773052079432, -0.11340274776694954, 0, 0, 0.11340274776694954, 0.6704773052079432, 0, 0, 0, 0, 1,
                -0.004, -274.21307377316606, 77.11411922059976, -117, 1.468,
            ]
        ),
        (
            .cylinder, 0.35,
            [
                0.5293503800495061, 0, -0.27144044986507426, 0.00015200665192444162, 0, 0.55, 0, 0, 0.14929224742579086,
                0, 0.9624552364536473, -0.0005389749324140426, 72.77997062007304, 0, 469.19692777115307,
                0.7372497204481543,
            ]
        ),
        (
            .invertedCylinder, -0.8,
            [
                0.8029567276306299, 0, -0.7431448254773941, 0.0014862896509547883, 0, 1.2, 0, 0, 0.891773790572873, 0,
                0.6691306063588582, -0.0013382612127177166, -314.75858554693883, 0, -209.93508127595183,
                1.419870162551904,
            ]
        ),
        (
            .coverFlow, 0.35,
            [
                0.5502371663199512, 0, 0.6181589862206052, -0.00030907949311030256, 0, 0.7, 0, 0, -0.4327112903544236,
                0, 0.7860530947427875, -0.00039302654737139375, 48.8563011136325, 0, -66.66950304076207,
                1.033334751520381,
            ]
        ),
        (
            .coverFlow, -0.8,
            [
                0.35000000000000003, 0, -0.8660254037844386, 0.0004330127018922193, 0, 0.7, 0, 0, 0.606217782649107, 0,
                0.5000000000000001, -0.00025000000000000006, -143.31796373056497, 0, -82.18000740192552,
                1.0410900037009627,
            ]
        ),
    ]

    @Test func everyPresetMatchesTheOracle() {
        for (preset, p, expected) in Self.oracle {
            let item = Self.item(preset, p: p)
            let values = item.transform?.values ?? []
            #expect(values.count == 16)
            for (got, want) in zip(values, expected) {
                // Apple's sin/cos and the order of CATransform3DRotate's products are not documented.
                #expect(abs(got - want) <= 1e-12 * max(1, abs(want)), "\(preset) at \(p): \(values)")
            }
            // progress = pageIndex − offset/max(W, 1), in that order: p to the last bit or so.
            #expect(item.center == Point(x: 195, y: 422) && item.alpha == 1)
            #expect(item.progress == 3 - (3 - p) * 390 / 390 && abs((item.progress ?? .nan) - p) < 1e-12)
        }
    }

    /// default at p: s = clamp(1 − 0.25|p|, 0.75, 1); tx = 0.93·w·p ± (1 − s)·w/2 (the far edge kept),
    /// ty = 0.36·h·|p| − (1 − s)·h/2; S·T, so tx and ty are not scaled.
    @Test func theDefaultScalesAndSlidesAsWrittenOut() {
        for p in [0.0, 0.2, -0.5, 1, 1.7, -2.4] {
            let s = min(max(1 - 0.25 * abs(p), 0.75), 1)
            let (w, h) = (390.0, 844.0)
            let tx = min(max(w * 0.93 * p + (p > 0 ? 1 : -1) * (1 - s) * w / 2, -5 * w), 5 * w)
            let ty = min(max(h * 0.36 * abs(p) - (1 - s) * h / 2, -5 * h), 5 * h)
            let t = Self.item(.default, p: p).transform
            #expect(t?.m11 == s && t?.m22 == s && t?.m33 == 1 && t?.m44 == 1)
            #expect(abs((t?.m41 ?? 0) - tx) < 1e-9 && abs((t?.m42 ?? 0) - ty) < 1e-9, "p \(p)")
        }
    }

    /// The view's own shadow: q = 1 − |p|, radius max(2, 13q), offset (0, max(2, 6q)), opacity 0.1 as
    /// a Float whatever p; cylinder and inverted-cylinder leave the layer's; zIndex −|round(p)|.
    @Test func shadowsAndZIndexFollowTheProgress() {
        for p in [0.0, 0.35, -0.5, 0.8, -1.5, 3] {
            let item = Self.item(.coverFlow, p: p)
            let q = 1 - abs(item.progress ?? .nan)
            #expect(item.shadow?.radius == max(2, 13 * q) && item.shadow?.offset == Point(x: 0, y: max(2, 6 * q)))
            #expect(item.shadow?.opacity == Double(Float(0.1)))
            #expect(item.zIndex == -Int(abs(p).rounded(.toNearestOrAwayFromZero)))
        }
        #expect(Self.item(.cylinder, p: 0.3).shadow == nil && Self.item(.invertedCylinder, p: 0.3).shadow == nil)
        #expect(Self.item(.default, p: 0.5).zIndex == -1 && Self.item(.default, p: -0.49).zIndex == 0)
    }

    /// blur: a backdrop at fraction 0.2·|p|, moved by the card's 2D translation (not scaled).
    /// A card off screen whose blur view (the viewport's size, moved by the card's translation) still
    /// overlaps it is drawn, blur and all, as the source lays every cell on the visible rect (found by
    /// review: it was culled by its card alone). At 375 × 300, offset 337.5, card 2 has p = 1.1:
    /// s = 0.6, its left edge past the viewport, its blur at x 347.25 of 375; card 3 (p = 2.1) blurs
    /// from x 594.75, wholly out.
    @Test func aCardOffScreenStillDrawsItsBlur() throws {
        let viewport = Size(width: 375, height: 300)
        let items = PageLayout(.scale(.blur)).items(count: 5, viewport: viewport, offset: 337.5)
        #expect(Set(items.map(\.index)) == [0, 1, 2])
        let card = try #require(items.first { $0.index == 2 })
        let transform = try #require(card.transform)
        let bounds = try #require(card.bounds)
        #expect(transform.visibleArea(of: bounds, center: card.center, in: viewport) == 0)
        #expect(abs((card.blur?.fraction ?? 0) - 0.2 * 1.1) < 1e-12)
    }

    @Test func theBlurPresetBlursBySideCardsProgress() {
        let item = Self.item(.blur, p: -0.8)
        #expect(item.blur?.fraction == abs(3 - (3 + 0.8) * 390 / 390) * 0.2)
        #expect(item.blur?.translation == Point(x: item.transform?.m41 ?? .nan, y: item.transform?.m42 ?? .nan))
        #expect(Self.item(.linear, p: -0.8).blur == nil)
    }

    /// Every card is laid out (all sit on the viewport); those whose back faces the viewer, of no
    /// area or off screen are not drawn. Cylinder: the back shows from |p| ≈ 1.65 (det H < 0).
    @Test func whichCardsAreDrawn() {
        let layout = PageLayout(.scale(.cylinder))
        let drawn = layout.items(count: 12, viewport: Self.viewport, offset: 5 * 390).map(\.index)
        #expect(drawn == [4, 6, 5])
        // p = ±1.6 still faces the viewer, ±1.7 does not.
        #expect(Self.item(.cylinder, p: 1.6).transform?.facesAway == false)
        #expect(Self.item(.cylinder, p: 1.7).transform?.facesAway == true)
        let rotary = PageLayout(.scale(.rotary)).items(count: 12, viewport: Self.viewport, offset: 0)
        #expect(rotary.first?.index ?? -1 > 0 && rotary.last?.index == 0, "the centred card is drawn last")
    }

    /// An inset card: the ratios take the card's own bounds, the progress still the viewport's pitch.
    @Test func anInsetCardScalesItsOwnBounds() {
        let item = Self.item(.default, p: 0.35, inset: 20)
        let (w, h) = (350.0, 804.0)
        let s = 1 - 0.25 * 0.35
        #expect(item.bounds == Size(width: w, height: h) && item.transform?.m11 == s)
        #expect(abs((item.transform?.m41 ?? 0) - (w * 0.93 * 0.35 + (1 - s) * w / 2)) < 1e-9)
    }
}
