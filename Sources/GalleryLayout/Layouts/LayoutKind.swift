/// The layouts a gallery can use, as a closed set: what `--layout` chooses from.
public enum LayoutKind: String, Sendable, Hashable, CaseIterable {
    /// The horizontal carousel that grows items towards the centre.
    case line
    /// The round-photo grid, scrolling vertically.
    case grid

    /// The viewport, in points, when none is given: 375 wide, 200 high for the line, 667 for the grid.
    public var defaultViewport: Size {
        switch self {
        case .line: Size(width: 375, height: 200)
        case .grid: Size(width: 375, height: 667)
        }
    }
}
