import GalleryLayout

/// `--item-size`: a side (`120`, a square) or width × height (`160x90`, a 16:9 card).
struct ItemSize: OptionValue, Equatable {
    let width: Double
    let height: Double

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    init?(optionText text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let width = Double(decimal: String(parts[0])), width.isFinite else {
            return nil
        }
        guard parts.count == 2 else {
            self.init(width: width, height: width)
            return
        }
        guard let height = Double(decimal: String(parts[1])), height.isFinite else { return nil }
        self.init(width: width, height: height)
    }

    var optionText: String { width == height ? width.optionText : "\(width.optionText)x\(height.optionText)" }
    static var expectation: String { "must be a side (120) or width x height (160x90) in points" }

    /// Whether it is a square.
    var isSquare: Bool { width == height }
    var size: Size { Size(width: width, height: height) }
}

/// `true` or `false`, for an option that overrides a default either way.
enum Toggle: String, OptionValue, CaseIterable {
    case `true`, `false`

    var isOn: Bool { self == .true }
}

/// `X,Y` in points.
struct PointValue: OptionValue, Equatable {
    let point: Point

    init?(optionText text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Double(decimal: String(parts[0])), let y = Double(decimal: String(parts[1])),
            x.isFinite,
            y.isFinite
        else { return nil }
        point = Point(x: x, y: y)
    }

    var optionText: String { "\(point.x.optionText),\(point.y.optionText)" }
    static var expectation: String { "must be X,Y: two finite numbers" }
}

/// `T,L,B,R`: a compositional section's content insets, in points.
struct InsetsValue: OptionValue, Equatable {
    let insets: CompositionalLayout.Insets

    init?(optionText text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double(decimal: String($0)) }
        guard parts.count == 4, let values = parts as? [Double], values.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            return nil
        }
        insets = CompositionalLayout.Insets(top: values[0], leading: values[1], bottom: values[2], trailing: values[3])
    }

    var optionText: String {
        [insets.top, insets.leading, insets.bottom, insets.trailing].map(\.optionText).joined(separator: ",")
    }
    static var expectation: String { "must be T,L,B,R: four numbers of points, none negative" }
}

/// `X,Y`: an offset in points, each within ±10,000.
struct OffsetValue: OptionValue, Equatable {
    let x, y: Double

    init(x: Double, y: Double) { (self.x, self.y) = (x, y) }

    init?(optionText text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Double(decimal: String(parts[0])), let y = Double(decimal: String(parts[1])),
            abs(x) <= 10_000, abs(y) <= 10_000
        else { return nil }
        (self.x, self.y) = (x, y)
    }

    var optionText: String { "\(x.optionText),\(y.optionText)" }
    static var expectation: String { "must be X,Y: two numbers of points, each within ±10000" }
}

/// `MIN,MAX`: the scales an item is held between.
struct ScaleRange: OptionValue, Equatable {
    let range: ClosedRange<Double>

    init?(optionText text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let low = Double(decimal: String(parts[0])),
            let high = Double(decimal: String(parts[1])), low.isFinite,
            high.isFinite, low >= 0, low <= high
        else { return nil }
        range = low...high
    }

    var optionText: String { "\(range.lowerBound.optionText),\(range.upperBound.optionText)" }
    static var expectation: String { "must be MIN,MAX: two numbers, 0 ≤ MIN ≤ MAX" }
}
