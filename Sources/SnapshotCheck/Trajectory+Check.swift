import GalleryCore

/// Checking expectations against a layout's frames: one message per failed expectation.
extension Expectation {
    /// The failures of `expectations` over `frames`, each naming its place (`expect[2]`), the item,
    /// the property, the frame and time, with numbers rounded to 0.01.
    public static func failures(of expectations: [Expectation], in frames: [TrajectoryFrame]) -> [String] {
        let named = Set(expectations.compactMap { if case .item(let index, _, _) = $0 { index } else { nil } })
        return expectations.enumerated().compactMap { number, expectation in
            let reason: String? =
                switch expectation {
                case .item(let index, let property, let rule): rule.failure(index, property, frames)
                case .othersStill: stillFailure(frames, except: named)
                }
            return reason.map { "expect[\(number)]: \($0)" }
        }
    }

    /// The first item not in `named` whose centre or size moves more than the tolerance from its first frame.
    private static func stillFailure(_ frames: [TrajectoryFrame], except named: Set<Int>) -> String? {
        var first: [Int: (Double, [Expectation.Property: Double])] = [:]
        for (number, frame) in frames.enumerated() {
            for (index, values) in frame.items.sorted(by: { $0.key < $1.key }) where !named.contains(index) {
                guard let (time, start) = first[index] else {
                    first[index] = (frame.time, values)
                    continue
                }
                for property in [Property.centerX, .centerY, .size] {
                    guard let a = start[property], let b = values[property],
                        abs(b - a) > stillTolerance
                    else { continue }
                    return
                        "item \(index) \(property.rawValue) moved from \(round(a)) (t = \(round(time)) s) to \(round(b)) at frame \(number) (t = \(round(frame.time)) s); others should stay still"
                }
            }
        }
        return nil
    }

    /// A number as messages give it: to 0.01.
    static func round(_ value: Double) -> String { JSONValue.shortest((value * 100).rounded() / 100) }

    /// `value` beside the bound it broke: to 0.01 unless that reads as the bound, then as printed.
    static func round(_ value: Double, against bound: Double) -> (String, String) {
        round(value) == round(bound)
            ? (JSONValue.shortest(value), JSONValue.shortest(bound)) : (round(value), round(bound))
    }
}

extension Expectation.Rule {
    /// The frame nearest `time`; at a tie (within the layout's 1e-9 s), the earlier. A time past the
    /// last frame's is the last frame's, before the first the first's (found by review: at 1e308 s
    /// every distance rounded alike and the tie went to frame 0).
    static func nearest(_ time: Double, in frames: [TrajectoryFrame]) -> Int? {
        guard let first = frames.first?.time, let last = frames.last?.time else { return nil }
        let time = Swift.min(Swift.max(time, Swift.min(first, last)), Swift.max(first, last))
        var best: Int?
        for index in frames.indices {
            let distance = abs(frames[index].time - time)
            if let current = best, distance >= abs(frames[current].time - time) - 1e-9 { continue }
            best = index
        }
        return best
    }

    /// Why item `index`'s `property` breaks this rule in `frames`, or nil.
    func failure(_ index: Int, _ property: Expectation.Property, _ frames: [TrajectoryFrame]) -> String? {
        let name = "item \(index) \(property.rawValue)"
        let seen = frames.enumerated().compactMap { number, frame in
            frame.items[index]?[property].map { (number, frame.time, $0) }
        }
        guard !seen.isEmpty else { return "\(name): the item is not laid out in any frame" }
        let r: (Double) -> String = Expectation.round
        if let min, let low = seen.first(where: { $0.2 < min }) {
            let (value, bound) = Expectation.round(low.2, against: min)
            return "\(name) is \(value) at frame \(low.0) (t = \(r(low.1)) s), below the min \(bound)"
        }
        if let max, let high = seen.first(where: { $0.2 > max }) {
            let (value, bound) = Expectation.round(high.2, against: max)
            return "\(name) is \(value) at frame \(high.0) (t = \(r(high.1)) s), above the max \(bound)"
        }
        if let monotonic {
            for (a, b) in zip(seen, seen.dropFirst())
            where monotonic == .increasing ? b.2 < a.2 : b.2 > a.2 {
                return
                    "\(name) is not \(monotonic.rawValue): \(r(a.2)) at frame \(a.0) then \(r(b.2)) at frame \(b.0) (t = \(r(b.1)) s)"
            }
        }
        for point in at {
            guard let frame = Self.nearest(point.time, in: frames) else { continue }
            guard let value = frames[frame].items[index]?[property] else {
                return "\(name): the item is not laid out at t = \(r(frames[frame].time)) s (frame \(frame))"
            }
            if abs(value - point.equals) > point.within {
                return
                    "\(name) is \(r(value)) at t = \(r(frames[frame].time)) s (frame \(frame)), not \(r(point.equals)) ± \(r(point.within))"
            }
        }
        return nil
    }
}
