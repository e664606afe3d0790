import Foundation
import GalleryLayout
import Testing

/// Motion as UIKit moves it (issue 33), against the contract's formulas written out here apart from
/// the product code: transitions animate `bounds` and `transform` on their own, a deletion's survivors
/// slide on and off screen, and a fling's offsets keep to the device pixel grid.
@Suite struct UIKitMotionTests {
    let viewport = Size(width: 375, height: 200)

    /// The line carousel's item `i` at `offset`, by the contract: centre (W/2 + i·(S + L) − offset, H/2),
    /// scale max(minScale, 1 + f·(1 − |i·(S + L) − offset|/A)), with the tutorial's constants.
    func lineItem(_ i: Int, offset: Double) -> (x: Double, y: Double, scale: Double) {
        let (s, l, a, f) = (100.0, 70.0, 150.0, 0.6)
        let d = abs(Double(i) * (s + l) - offset)
        return (375.0 / 2 + Double(i) * (s + l) - offset, 100, max(0, 1 + f * (a - d) / a))
    }

    func lerp(_ a: Double, _ b: Double, _ p: Double) -> Double { a + (b - a) * p }

    @Test func aToggleScalesBoundsAndTransformApartAsUIKitDoes() throws {
        // The case: layout --count 20 --to-layout flow --offset 340 --fps 20, t = 0.15 s (p = ½):
        // item 2 goes from side 100 at scale 1.6 to side 50 at scale 1: lerp(100, 50, ½)·lerp(1.6, 1, ½).
        let line = Gallery(style: .line(LineLayout()), viewport: viewport, itemCount: 20)
        let flow = Gallery(style: .flow(FlowLayout()), viewport: viewport, itemCount: 20)
        let transition = try LayoutTransition(from: line, frame: line.frame(atOffset: 340), to: flow, duration: 0.3)
        let p = EaseInOut.progress(0.5)
        #expect(p == 0.5)
        let two = try #require(transition.items(at: 0.15).first { $0.item.index == 2 })
        #expect(two.item.size == lerp(100, 50, p) * lerp(1.6, 1, p))
        #expect(abs(two.item.size - 97.5) < 1e-12)
        #expect(two.item.scale == lerp(1.6, 1, p))
        // Not the straight line from the start's drawn side to the end's (160 → 50: 105).
        #expect(abs(two.item.size - 105) > 7)
    }

    @Test func everyToggleFrameFollowsTheFormulaForEveryItem() throws {
        let line = Gallery(style: .line(LineLayout()), viewport: viewport, itemCount: 20)
        let flow = Gallery(style: .flow(FlowLayout()), viewport: viewport, itemCount: 20)
        for offset in [0.0, 120, 340, 1000] {
            let startFrame = try line.frame(atOffset: offset)
            let transition = try LayoutTransition(from: line, frame: startFrame, to: flow, duration: 0.3)
            let starts = Dictionary(uniqueKeysWithValues: startFrame.items.map { ($0.index, $0) })
            let ends = Dictionary(uniqueKeysWithValues: transition.endFrame.items.map { ($0.index, $0) })
            for k in 0...6 {
                let t = Double(k) / 20, p = EaseInOut.progress(t / 0.3)
                let items = transition.items(at: min(t, 0.3))
                #expect(Set(items.map(\.item.index)) == Set(starts.keys).union(ends.keys))
                for drawn in items {
                    let index = drawn.item.index
                    // Visible at one end only: that end's state, fading.
                    let a = starts[index] ?? ends[index], b = ends[index] ?? starts[index]
                    let (sideA, sideB) = (starts[index] == nil ? 50.0 : 100, ends[index] == nil ? 100.0 : 50)
                    guard let a, let b else { continue }
                    if p > 0, p < 1 {
                        #expect(drawn.alpha == lerp(starts[index] == nil ? 0 : 1, ends[index] == nil ? 0 : 1, p))
                        #expect(drawn.item.center.x == lerp(a.center.x, b.center.x, p))
                        #expect(
                            drawn.item.size == lerp(sideA, sideB, p) * lerp(a.scale, b.scale, p), "\(index) at \(t)")
                    }
                }
                // Draw order: ascending drawn side, then index.
                let order = items.map { ($0.item.size, $0.item.index) }
                #expect(zip(order, order.dropFirst()).allSatisfy { $0 < $1 })
            }
        }
    }

    @Test func aDeletionSlidesItemsOnScreenInsteadOfFadingThem() throws {
        // The case: layout --count 20 --delete 1 --offset 170 --fps 20 --duration 0.4. Item 3
        // starts at its old frame off screen, x = 187.5 + 3·170 − 170 = 527.5 at scale 1 + 0.6·(1 − 340/150)
        // = 0.24, and slides to the place of index 2 in the new layout, x = 357.5, scale 0.92, alpha 1.
        let gallery = Gallery(style: .line(LineLayout()), viewport: viewport, itemCount: 20)
        let transition = try LayoutTransition(
            deleting: 1, from: gallery, frame: gallery.frame(atOffset: 170), duration: 0.4)
        let old = lineItem(3, offset: 170), new = lineItem(2, offset: 170)
        #expect(old.x == 527.5 && abs(old.scale - 0.24) < 1e-12 && new.x == 357.5)
        for k in 0...8 {
            let t = Double(k) / 20, p = EaseInOut.progress(t / 0.4)
            let items = transition.items(at: t)
            let three = try #require(items.first { $0.item.index == 3 })
            #expect(three.alpha == 1)
            if p > 0, p < 1 {
                #expect(three.item.center.x == lerp(old.x, new.x, p))
                #expect(three.item.size == lerp(100, 100, p) * lerp(old.scale, new.scale, p))
            }
            // Only the deleted item fades, where it was.
            let one = try #require(items.first { $0.item.index == 1 })
            #expect(one.item.center.x == lineItem(1, offset: 170).x)
            #expect(one.alpha == lerp(1, 0, p) || (p == 1 && one.alpha == 0))
            #expect(items.filter { $0.item.index != 1 }.allSatisfy { $0.alpha == 1 })
        }
        let first = transition.items(at: 0).first { $0.item.index == 3 }
        #expect(first?.item.center.x == 527.5)
        let last = transition.items(at: 0.4).first { $0.item.index == 3 }
        #expect(last?.item.center.x == 357.5)
    }

    @Test func aDeletionInTheGridSlidesItemsUpARowFromOffScreen() throws {
        // Grid 375 × 200, 3 columns of 117 pt, rows 127 apart. Deleting item 0 moves item 6 (row 2, y
        // 254 + 58.5 = 312.5, off screen) to index 5's place (row 1, column 2: x 316.5, y 185.5).
        let gallery = Gallery(style: .grid(GridLayout()), viewport: viewport, itemCount: 12)
        let transition = try LayoutTransition(
            deleting: 0, from: gallery, frame: gallery.frame(atOffset: 0), duration: 0.3)
        let six = transition.items(at: 0).first { $0.item.index == 6 }
        #expect(six?.item.center == Point(x: 58.5, y: 312.5) && six?.alpha == 1)
        let end = transition.items(at: 0.3).first { $0.item.index == 6 }
        #expect(end?.item.center == Point(x: 316.5, y: 185.5) && end?.alpha == 1)
    }

    @Test(arguments: [1.0, 2, 3])
    func aFlingsOffsetsKeepToTheDevicePixelGrid(displayScale: Double) throws {
        var random = SplitMixRandom(seed: UInt64(displayScale * 1000))
        let gallery = Gallery(style: .line(LineLayout()), viewport: viewport, itemCount: 40, allowsOverscroll: true)
        for _ in 0..<20 {
            let start = Double(random.next() % 4000) / 7
            let velocity = Double(Int(random.next() % 8000) - 4000)
            let fling = Fling(
                from: start, velocity: velocity, deceleration: .normal, range: gallery.scrollableRange)
            let motion = Motion.fling(fling, gallery: gallery, displayScale: displayScale)
            let states = try motion.states(fps: 60)
            #expect(states.count == Int((fling.duration * 60).rounded(.up)) + 1)
            for (k, state) in states.enumerated() {
                let t = min(Double(k) / 60, fling.duration)
                #expect(state.time == t)
                // x_k = ⌊x(t_k)·s + ½⌋ / s, then laid out as render --offset x_k --overscroll.
                let x = (fling.offset(at: t) * displayScale + 0.5).rounded(.down) / displayScale
                #expect(state.frame.offset == x, "k = \(k)")
                #expect(state.frame == (try gallery.frame(atOffset: x)))
                #expect((state.frame.offset * displayScale).rounded() == state.frame.offset * displayScale)
            }
        }
    }
}

extension UIKitMotionTests {
    @Test func aDurationThatIsAWholeNumberOfFramesAsTypedGetsNoExtraFrame() {
        // 0.07 s at 100 fps is 7 frame steps (0.07·100 = 7.000000000000001 in binary): k = 0 … 7.
        #expect(MotionTimeline.frameCount(duration: 0.07, fps: 100) == 8)
        #expect(MotionTimeline.times(duration: 0.07, fps: 100).count == 8)
        #expect(MotionTimeline.frameCount(duration: 0.14, fps: 50) == 8)
        // Past a whole step by more than rounding, the ceiling: 0.071 s is 7.1 steps → 9 frames.
        #expect(MotionTimeline.frameCount(duration: 0.071, fps: 100) == 9)
    }
}

/// SplitMix64, for repeatable random cases.
struct SplitMixRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
