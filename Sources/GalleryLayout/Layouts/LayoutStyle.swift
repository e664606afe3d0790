/// Which layout a gallery uses, with its parameters.
public enum LayoutStyle: Sendable, Hashable {
    case line(LineLayout)
    case grid(GridLayout)

    /// Which layout this is.
    public var kind: LayoutKind {
        switch self {
        case .line: .line
        case .grid: .grid
        }
    }

    /// The name used on the command line and in JSON: `line` or `grid`.
    public var name: String { kind.rawValue }
}
