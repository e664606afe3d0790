import GalleryLayout
import Testing

/// `--safe-area`: a device's insets as the collection view's adjustedContentInset, on the scroll axis
/// only (contentInsetAdjustmentBehavior = .automatic). The figures are written out here per family
/// from the sources docs/usage.md cites; the geometry from the contract's rule: the scrollable range
/// runs from −before to content − viewport + after, the content size grows by both, and at the
/// range's start the grid's first row sits `before` points down.
@Suite struct SafeAreaTests {
    /// (preset, portrait top/bottom, landscape left/right/bottom, landscape top).
    static let published: [(String, Double, Double, Double, Double, Double)] = [
        ("iphone-se", 20, 0, 0, 0, 0), ("iphone-8", 20, 0, 0, 0, 0), ("iphone-8-plus", 20, 0, 0, 0, 0),
        ("iphone-se-2", 20, 0, 0, 0, 0), ("iphone-se-3", 20, 0, 0, 0, 0),
        ("iphone-15", 59, 34, 59, 21, 0), ("iphone-15-pro-max", 59, 34, 59, 21, 0), ("iphone-16", 59, 34, 59, 21, 0),
        ("iphone-16-plus", 59, 34, 59, 21, 0), ("iphone-16-pro", 62, 34, 62, 20, 0),
        ("iphone-16-pro-max", 62, 34, 62, 20, 0), ("iphone-17", 62, 34, 62, 20, 0),
        ("iphone-17-pro", 62, 34, 62, 20, 0), ("iphone-17-pro-max", 62, 34, 62, 20, 0),
        ("iphone-air", 68, 34, 68, 21, 0), ("ipad", 20, 0, 0, 0, 20), ("ipad-pro-12.9", 24, 20, 0, 20, 24),
    ]

    @Test func everyPresetHasItsPublishedInsets() throws {
        #expect(Self.published.count == DevicePreset.all.count)
        for (name, top, bottom, side, landscapeBottom, landscapeTop) in Self.published {
            let device = try #require(DevicePreset.named(name))
            #expect(device.safeArea(landscape: false) == EdgeInsets(top: top, bottom: bottom), "\(name)")
            #expect(
                device.safeArea(landscape: true)
                    == EdgeInsets(top: landscapeTop, left: side, bottom: landscapeBottom, right: side), "\(name)")
        }
    }

    /// The grid on every preset, portrait: the range, the content size and the first row's place.
    @Test func theGridsFirstRowSitsBelowTheStatusBar() throws {
        for device in DevicePreset.all {
            let screen = device.screen(landscape: false)
            var gallery = Gallery(style: .grid(GridLayout()), viewport: screen, itemCount: 40)
            let plain = gallery.contentSize
            gallery.contentInset = device.safeArea(landscape: false)
            let (top, bottom) = (gallery.contentInset.top, gallery.contentInset.bottom)
            // Three columns of W/3 − 8 pt cells, 10 pt between rows, 14 rows for 40 items.
            let side = screen.width / 3 - 8
            #expect(plain.height == 14 * side + 13 * 10)
            #expect(gallery.scrollableRange == -top...(plain.height - screen.height + bottom))
            let frame = try gallery.frame(atOffset: -top)
            #expect(frame.contentSize == Size(width: screen.width, height: plain.height + top + bottom))
            let first = try #require(frame.items.first { $0.index == 0 })
            #expect(first.center.y == top + side / 2, "\(device.name)")
            // Below the range's start is clamped to it, as UIKit clamps a resting offset.
            #expect(try gallery.frame(atOffset: -top - 50).offset == -top)
        }
    }

    /// In landscape a horizontal layout takes the left and right insets, a vertical one the top and
    /// bottom (a Dynamic Island phone's landscape top is 0).
    @Test func onlyTheScrollAxisCounts() throws {
        let device = try #require(DevicePreset.named("iphone-16-pro"))
        let screen = device.screen(landscape: true)
        var grid = Gallery(style: .grid(GridLayout()), viewport: screen, itemCount: 40)
        grid.contentInset = device.safeArea(landscape: true)
        #expect(grid.scrollableRange.lowerBound == 0)
        #expect(grid.scrollableRange.upperBound == grid.contentSize.height - screen.height + 20)
        var line = Gallery(style: .line(LineLayout()), viewport: screen, itemCount: 20)
        line.contentInset = device.safeArea(landscape: true)
        #expect(line.scrollableRange == -62...(line.contentSize.width - screen.width + 62))
        #expect(line.adjustedContentSize.width == line.contentSize.width + 124)
    }
}
