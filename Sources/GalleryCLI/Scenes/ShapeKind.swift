import Raster

/// The item masks `--shape` chooses from; `rounded` takes its radius from `--corner-radius`.
enum ShapeKind: String, Sendable, CaseIterable, OptionValue {
    case circle, rounded

    init(_ shape: Shape) {
        switch shape {
        case .circle: self = .circle
        case .rounded: self = .rounded
        }
    }
}
