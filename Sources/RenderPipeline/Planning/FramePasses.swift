/// How a frame's items are painted within a memory budget.
///
/// Each item is resampled to Float pixels before it is painted (16 bytes a pixel). When all of a
/// frame's items fit in `budget` they are prepared at once and painted in one pass, as almost every
/// frame is. Otherwise the frame is cut into strips of rows whose Float canvas is a quarter of the
/// budget, and each strip's items (clipped to it) are prepared and painted in chunks, in draw order,
/// each chunk within the budget: memory is bounded by the budget whatever the items, and the pixels
/// are the same, since each pixel sees the same operations in the same order.
public struct FramePasses: Sendable, Equatable {
    /// Rows of the frame and the items drawn there, chunk by chunk, each chunk in draw order.
    public struct Strip: Sendable, Equatable {
        public var rows: Range<Int>
        public var chunks: [[Int]]
    }

    public var strips: [Strip]
    /// The most bytes of Float pixels (prepared items and a strip's canvas) held at once.
    public var peakBytes: Int

    /// Most items in one chunk: a chunk's outlines, tasks and pieces are held at once, so a million
    /// tiny items are taken a part at a time (a million-item grid at 4000²: 0.96 GB peak with this
    /// and outlines made per chunk, 2.09 GB before either).
    static let maxItemsPerChunk = 16_384
    /// Bytes of one prepared or canvas pixel.
    static let bytesPerPixel = MemoryLayout<SIMD4<Float>>.stride
    /// The default budget: 256 MiB of Float pixels, so the largest frame the limits allow (100
    /// megapixels: 400 MB of 8-bit pixels, and its PNG) stays well under 2 GiB.
    public static let defaultBudget = 256 << 20

    /// Passes for items whose frame bounds are `bounds` (in draw order) on a `width` × `height` frame.
    public init(bounds: [(x: Range<Int>, y: Range<Int>)], width: Int, height: Int, budget: Int = defaultBudget) {
        let bytes = Self.bytesPerPixel
        let total = bounds.reduce(0) { $0 + $1.x.count * $1.y.count * bytes }
        if total <= budget, bounds.count <= Self.maxItemsPerChunk {
            strips = [Strip(rows: 0..<height, chunks: [Array(bounds.indices)])]
            peakBytes = total
            return
        }
        let stripRows = min(height, max(1, budget / 4 / max(1, width * bytes)))
        strips = []
        peakBytes = 0
        for top in stride(from: 0, to: height, by: stripRows) {
            let rows = top..<min(top + stripRows, height)
            var chunks: [[Int]] = [], chunk: [Int] = [], chunkBytes = 0, largest = 0
            for (index, item) in bounds.enumerated() {
                let area = item.x.count * item.y.clamped(to: rows).count * bytes
                guard area > 0 else { continue }
                if !chunk.isEmpty, chunkBytes + area > budget || chunk.count == Self.maxItemsPerChunk {
                    chunks.append(chunk)
                    (chunk, chunkBytes) = ([], 0)
                }
                chunk.append(index)
                chunkBytes += area
                largest = max(largest, chunkBytes)
            }
            if !chunk.isEmpty { chunks.append(chunk) }
            strips.append(Strip(rows: rows, chunks: chunks))
            let canvas = chunks.count > 1 ? rows.count * width * bytes : 0
            peakBytes = max(peakBytes, canvas + largest)
        }
    }
}
