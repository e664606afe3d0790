import GalleryCore
import RenderPipeline
import VisualDiff

/// A scene's `ignore` entry (CONTRACT.md, "Ignore regions"): an item, followed through a motion by its
/// original index, or a fixed rectangle in points.
enum IgnoreRegion: Sendable, Equatable {
    case item(Int)
    case rect(x: Double, y: Double, width: Double, height: Double)

    /// The most entries a scene's `ignore` may have.
    static let limit = 256
    /// An item's drawn quad is grown by this many pixels.
    static let itemMargin = 1.0

    /// The entries of a manifest's `ignore` value, or why it is not a list of them.
    static func list(_ value: ManifestValue) throws(UsageError) -> [IgnoreRegion] {
        guard case .array(let entries) = value, entries.count <= limit else {
            throw UsageError("expected a list of at most \(limit) {\"item\": I} or {\"rect\": [x, y, w, h]}")
        }
        var regions: [IgnoreRegion] = []
        for (position, entry) in entries.enumerated() {
            switch entry {
            case .object(let fields) where fields.keys.sorted() == ["item"]:
                guard case .number(let index)? = fields["item"], index >= 0, index <= 1_000_000,
                    index == index.rounded()
                else { throw UsageError("entry \(position): \"item\" must be an item index, 0…1000000") }
                regions.append(.item(Int(index)))
            case .object(let fields) where fields.keys.sorted() == ["rect"]:
                guard case .array(let numbers)? = fields["rect"], numbers.count == 4 else {
                    throw UsageError("entry \(position): \"rect\" must be [x, y, width, height] in points")
                }
                let values = numbers.compactMap { if case .number(let n) = $0, abs(n) <= 1e6 { n } else { nil } }
                guard values.count == 4, values[2] >= 0, values[3] >= 0 else {
                    throw UsageError(
                        "entry \(position): \"rect\" must be 4 numbers within ±1000000, its width and height ≥ 0")
                }
                regions.append(.rect(x: values[0], y: values[1], width: values[2], height: values[3]))
            default:
                // One misspelt key says which was meant, as scene keys do (found by review).
                var hint = ""
                if case .object(let fields) = entry, fields.count == 1, let key = fields.keys.first {
                    hint = Suggestion.hint(for: key, among: ["item", "rect"])
                }
                throw UsageError("entry \(position): expected {\"item\": I} or {\"rect\": [x, y, w, h]}\(hint)")
            }
        }
        return regions
    }

    /// This region in `plan`, in frame pixels (`scale` pixels per point); nil where an item is not drawn.
    func shape(in plan: FramePlan, scale: Double) -> IgnoreShape? {
        switch self {
        case .item(let index): plan.quad(ofItem: index).map { .quad($0, margin: Self.itemMargin) }
        case .rect(let x, let y, let width, let height):
            .rect(x0: x * scale, y0: y * scale, x1: (x + width) * scale, y1: (y + height) * scale)
        }
    }

    /// The regions of `regions` in each of `plans` (a still's one, or an animation's frames).
    static func regions(_ regions: [IgnoreRegion], plans: [FramePlan], scale: Double) -> IgnoreRegions? {
        guard !regions.isEmpty, let size = plans.first?.frameSize else { return nil }
        return IgnoreRegions(
            width: size.width, height: size.height,
            frames: plans.map { plan in regions.compactMap { $0.shape(in: plan, scale: scale) } })
    }
}
