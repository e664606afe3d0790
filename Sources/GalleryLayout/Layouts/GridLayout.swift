/// The round-photo grid: C justified columns of square cells, scrolling vertically.
///
/// Item i sits in row ⌊i/C⌋, column i mod C, with its frame origin at (col·(S + g), row·(H + R) − offset)
/// where g = (W − C·S)/(C − 1) is the column gap and H = S (a flow's cells may be H high). Every row,
/// the last too, uses the same columns.
public struct GridLayout: Sendable, Hashable {
    /// C, the number of columns.
    public var columns: Int
    /// S, the cell side in points, or nil for the default W/C − 8.
    public var itemSize: Double?
    /// R, the gap between rows, in points.
    public var rowSpacing: Double
    /// H, the cell height when it differs from S: a flow's non-square cells (the grid's stay square).
    public var cellHeight: Double?

    public init(columns: Int = 3, itemSize: Double? = nil, rowSpacing: Double = 10, cellHeight: Double? = nil) {
        self.columns = columns
        self.itemSize = itemSize
        self.rowSpacing = rowSpacing
        self.cellHeight = cellHeight
    }

    /// The column counts a grid may have.
    public static let columnRange = 1...10_000

    /// The cell side in `viewport`.
    public func side(in viewport: Size) -> Double {
        itemSize ?? viewport.width / Double(columns) - 8
    }

    /// The gap between columns in `viewport`: (W − C·S)/(C − 1), 0 for one column.
    public func columnGap(in viewport: Size) -> Double {
        columns > 1 ? (viewport.width - Double(columns) * side(in: viewport)) / Double(columns - 1) : 0
    }

    /// H, the cell height in `viewport`.
    public func height(in viewport: Size) -> Double { cellHeight ?? side(in: viewport) }

    /// Distance between the tops of neighbouring rows.
    public func rowPitch(in viewport: Size) -> Double { height(in: viewport) + rowSpacing }

    /// Throws the first invalid parameter, given the viewport the grid is laid out in.
    public func validate(in viewport: Size) throws(LayoutError) {
        guard Self.columnRange.contains(columns) else { throw .columnCount(columns, allowed: Self.columnRange) }
        if let itemSize { try LayoutError.check(itemSize, .itemSize, in: 0.001...LayoutError.largestLength) }
        if let cellHeight { try LayoutError.check(cellHeight, .itemSize, in: 0.001...LayoutError.largestLength) }
        try LayoutError.check(rowSpacing, .spacing, in: 0...LayoutError.largestLength)
        let side = side(in: viewport)
        guard side >= 0.001 else {
            throw .cellTooSmall(columns: columns, side: side, viewportWidth: viewport.width, sizeGiven: itemSize != nil)
        }
        // One column is centred, however wide (the contract's C = 1; a flow whose cell is wider than
        // the viewport has one column, as UICollectionViewFlowLayout gives it).
        guard columns == 1 || Double(columns) * side <= viewport.width else {
            throw .cellsTooWide(columns: columns, side: side, viewportWidth: viewport.width)
        }
    }

    /// Content size for `count` items: rows·H + (rows − 1)·R high.
    public func contentSize(count: Int, viewport: Size) -> Size {
        let rows = (count + columns - 1) / columns
        let height = rows == 0 ? 0 : Double(rows) * height(in: viewport) + Double(rows - 1) * rowSpacing
        return Size(width: viewport.width, height: height)
    }

    /// The visible items at `offset`, in draw order (all scales are 1, so by index).
    public func items(count: Int, viewport: Size, offset: Double) -> [LayoutItem] {
        let side = side(in: viewport), pitch = rowPitch(in: viewport), gap = columnGap(in: viewport)
        let rows = (count + columns - 1) / columns
        guard rows > 0 else { return [] }
        // Only rows that can touch [offset, offset + H] are looked at.
        let first = max(0, Int(((offset - height(in: viewport)) / pitch).rounded(.down)))
        let last = min(rows - 1, Int(((offset + viewport.height) / pitch).rounded(.up)))
        guard first <= last else { return [] }
        var items: [LayoutItem] = []
        // At most these rows' items: grown by doubling, a million of them took twice their memory.
        items.reserveCapacity(min(count, (last - first + 1) * columns))
        for row in first...last {
            for column in 0..<columns {
                let index = row * columns + column
                guard index < count else { break }
                let item = item(index, side: side, pitch: pitch, gap: gap, viewport: viewport, offset: offset)
                if item.overlaps(viewport) { items.append(item) }
            }
        }
        return items
    }

    /// Item `index` at `offset`, visible or not.
    public func item(_ index: Int, viewport: Size, offset: Double) -> LayoutItem {
        item(
            index, side: side(in: viewport), pitch: rowPitch(in: viewport), gap: columnGap(in: viewport),
            viewport: viewport, offset: offset)
    }

    private func item(_ index: Int, side: Double, pitch: Double, gap: Double, viewport: Size, offset: Double)
        -> LayoutItem
    {
        let (row, column) = (index / columns, index % columns)
        let height = cellHeight ?? side
        let left = columns == 1 ? (viewport.width - side) / 2 : 0
        let origin = Point(x: left + Double(column) * (side + gap), y: Double(row) * pitch - offset)
        return LayoutItem(
            index: index, center: Point(x: origin.x + side / 2, y: origin.y + height / 2), size: side, scale: 1,
            bounds: height == side ? nil : Size(width: side, height: height))
    }
}
