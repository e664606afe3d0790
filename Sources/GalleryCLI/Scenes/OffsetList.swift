import Foundation

/// The `--offsets` syntax: `A..B/STEP` (B included when reached) or `a,b,c`.
struct OffsetList: OptionValue, Equatable {
    /// Most frames one option may ask for.
    static let limit = 100_000

    /// The offsets, in the order given.
    let offsets: [Double]

    init?(optionText text: String) {
        guard let offsets = Self.parse(text) else { return nil }
        self.offsets = offsets
    }

    var optionText: String { offsets.map(\.optionText).joined(separator: ",") }

    static var expectation: String { "must be A..B/STEP (A ≤ B, a positive step) or a,b,c, with finite numbers" }

    /// A well-formed list that asks for too many frames says so, and how many.
    static func reason(refusing text: String) -> String? {
        guard let count = requestedCount(text), count > Double(limit) else { return nil }
        // A step far below the span's precision asks for more frames than a Double counts.
        let asked = count.isFinite ? count.optionText : "more than \(limit)"
        return "asks for \(asked) frames; at most \(limit) may be asked for at once"
    }

    /// How many offsets well-formed `text` asks for, without making them.
    private static func requestedCount(_ text: String) -> Double? {
        if text.contains("..") {
            let parts = text.split(separator: "/", maxSplits: 1)
            let bounds = parts[0].components(separatedBy: "..")
            guard parts.count == 2, bounds.count == 2, let start = Double(decimal: String(bounds[0])),
                let end = Double(decimal: String(bounds[1])),
                let step = Double(decimal: String(parts[1])), start.isFinite, end.isFinite, step.isFinite, step > 0,
                start <= end
            else { return nil }
            return ((end - start) / step + 1e-9).rounded(.down) + 1
        }
        let values = text.split(separator: ",", omittingEmptySubsequences: false)
        return values.allSatisfy({ Double(decimal: $0.trimmingCharacters(in: .whitespaces))?.isFinite == true })
            ? Double(values.count) : nil
    }

    /// Digits after the point of a plain decimal as typed ("0.25" → 2, "5" → 0); nil for an exponent.
    static func decimalPlaces(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.lowercased().contains("e") else { return nil }
        guard let point = trimmed.firstIndex(of: ".") else { return 0 }
        let places = trimmed.distance(from: point, to: trimmed.endIndex) - 1
        return places <= 15 ? places : nil
    }

    static func parse(_ text: String) -> [Double]? {
        if text.contains("..") {
            let parts = text.split(separator: "/", maxSplits: 1)
            let bounds = parts[0].components(separatedBy: "..")
            guard parts.count == 2, bounds.count == 2, let start = Double(decimal: String(bounds[0])),
                let end = Double(decimal: String(bounds[1])),
                let step = Double(decimal: String(parts[1])), start.isFinite, end.isFinite, step.isFinite, step > 0,
                start <= end,
                (end - start) / step < Double(limit)
            else { return nil }
            let count = Int(((end - start) / step + 1e-9).rounded(.down)) + 1
            // As typed: 0..1/0.1 gives 0.6, not 0.6000000000000001, and reaches B itself.
            let places = [bounds[0], String(parts[1])].map(decimalPlaces)
            let scale = places.contains(nil) ? nil : pow(10, Double(places.compactMap { $0 }.max() ?? 0))
            return (0..<count).map { index in
                let value = start + Double(index) * step
                if abs(value - end) <= 1e-9 * max(1, abs(end)) { return end }
                guard let scale, abs(value * scale) < 0x1p52 else { return value }
                return (value * scale).rounded() / scale
            }
        }
        let values = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Double(decimal: $0.trimmingCharacters(in: .whitespaces))
        }
        guard !values.isEmpty, values.count <= limit, values.allSatisfy({ $0?.isFinite == true }) else { return nil }
        return values.compactMap { $0 }
    }
}
