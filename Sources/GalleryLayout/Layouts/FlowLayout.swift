/// A plain UICollectionViewFlowLayout with its defaults (the seed's tap toggles the carousel to it):
/// vertical, cells S wide (and S or H high), at least I between items in a row, R between rows, no
/// section insets. It fits C = max(1, ⌊(W + I)/(S + I)⌋) cells a row, and from there is exactly the grid with
/// C columns of side S: full rows justified edge to edge, one column centred, the last row on the same
/// columns (W = 375 gives 6 columns at x = 0, 65, …, 325).
public struct FlowLayout: Sendable, Hashable {
    /// S, the cell width in points (UICollectionViewFlowLayout's itemSize, 50 × 50).
    public var itemSize: Double
    /// H, the cell height when it differs from S; nil: square.
    public var itemHeight: Double?
    /// I, the least gap between cells in a row (minimumInteritemSpacing, 10).
    public var interitemSpacing: Double
    /// R, the gap between rows (minimumLineSpacing, 10).
    public var lineSpacing: Double

    public init(
        itemSize: Double = 50, itemHeight: Double? = nil, interitemSpacing: Double = 10, lineSpacing: Double = 10
    ) {
        self.itemSize = itemSize
        self.itemHeight = itemHeight
        self.interitemSpacing = interitemSpacing
        self.lineSpacing = lineSpacing
    }

    /// C for a viewport `width` points wide.
    public func columns(inWidth width: Double) -> Int {
        let fitted = ((width + interitemSpacing) / (itemSize + interitemSpacing)).rounded(.down)
        return Int(min(max(fitted, 1), Double(GridLayout.columnRange.upperBound)))
    }

    /// The grid this flow lays out as in `viewport`.
    public func grid(in viewport: Size) -> GridLayout {
        GridLayout(
            columns: columns(inWidth: viewport.width), itemSize: itemSize, rowSpacing: lineSpacing,
            cellHeight: itemHeight)
    }

    /// Throws the first invalid parameter, given the viewport.
    public func validate(in viewport: Size) throws(LayoutError) {
        try LayoutError.check(itemSize, .itemSize, in: 0.001...LayoutError.largestLength)
        try LayoutError.check(interitemSpacing, .interitemSpacing, in: 0...LayoutError.largestLength)
        try LayoutError.check(lineSpacing, .spacing, in: 0...LayoutError.largestLength)
        try grid(in: viewport).validate(in: viewport)
    }
}
