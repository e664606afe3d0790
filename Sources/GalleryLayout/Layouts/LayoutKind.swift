/// The layouts a gallery can use, as a closed set: what `--layout` chooses from.
public enum LayoutKind: String, Sendable, Hashable, CaseIterable {
    /// The horizontal carousel that grows items towards the centre.
    case line
    /// The round-photo grid, scrolling vertically.
    case grid
    /// A plain UICollectionViewFlowLayout, scrolling vertically.
    case flow

    /// The viewport, in points, when none is given: 375 wide, 200 high for the line, 667 for the
    /// vertical layouts.
    public var defaultViewport: Size {
        switch self {
        case .line: Size(width: 375, height: 200)
        case .grid, .flow: Size(width: 375, height: 667)
        }
    }

    /// Whether it scrolls vertically (the grid and the flow) rather than horizontally (the line).
    public var isVertical: Bool { self != .line }

    /// This layout with its own defaults (a transition's end layout).
    public var defaultStyle: LayoutStyle {
        switch self {
        case .line: .line(LineLayout())
        case .grid: .grid(GridLayout())
        case .flow: .flow(FlowLayout())
        }
    }
}
