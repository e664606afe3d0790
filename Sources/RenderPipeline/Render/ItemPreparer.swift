import GalleryCore
import Raster

/// Fetches a frame's photos and resamples its items for the rows being painted, on up to `jobs`
/// threads.
struct ItemPreparer {
    let plan: FramePlan
    let painter: ItemPainter
    /// Each item's frame pixels (its outline is worked out when its chunk is prepared).
    let bounds: [(x: Range<Int>, y: Range<Int>)]
    let jobs: Int
    private let fetched = FetchedPhotos()

    init(plan: FramePlan, painter: ItemPainter, bounds: [(x: Range<Int>, y: Range<Int>)], jobs: Int) {
        (self.plan, self.painter, self.bounds, self.jobs) = (plan, painter, bounds, jobs)
    }

    /// The pieces of the items `chunk` (in draw order) within frame rows `rows`, in draw order. With
    /// `photo` (the first call of a frame), every item's photo is fetched too: every fetch is handed
    /// out before any resampling, so a resampling only ever waits for a decode already running. With
    /// `prefetch` as well, a fetch only starts the decode and the item's first resampling gets the
    /// photo: a colour conversion left to that is done by whichever worker is free, not by the one
    /// that decoded (it goes on to the next decode).
    func prepare(
        _ chunk: [Int], rows: Range<Int>, fetching photo: (@Sendable (String) -> PhotoPart?)?,
        prefetch: (@Sendable (String) -> Void)? = nil
    ) throws(OutOfMemory) -> [PreparedPiece] {
        let (items, fetched, painter, size) = (plan.items, fetched, painter, plan.size)
        let outlines = Dictionary(
            uniqueKeysWithValues: chunk.map { index in
                (index, painter.outline(of: items[index].placement, canvasWidth: size.width, canvasHeight: size.height))
            })
        // Largest items first: theirs are the longest decodes and resamplings.
        func largestFirst(_ a: Int, _ b: Int) -> Bool {
            let (sideA, sideB) = (items[a].placement.square.width, items[b].placement.square.width)
            return sideA != sideB ? sideA > sideB : a < b
        }
        // A large item is resampled in bands of rows, one per worker, so no core idles while the
        // last big item is resampled (each output row is computed the same in any band).
        let bands = chunk.sorted(by: largestFirst).flatMap { index in
            let itemRows = bounds[index].y.clamped(to: rows)
            let count = itemRows.count >= 64 ? jobs : 1
            return (0..<count).map { band in PreparerTask.prepare(index, rows: Self.band(band, of: count, in: itemRows))
            }
        }
        let fetches = photo == nil ? [] : items.indices.sorted(by: largestFirst).map(PreparerTask.fetch)
        // Offered photos are all got before this call returns: what gets them may not outlive it.
        let settles = photo == nil || prefetch == nil ? [] : items.indices.map(PreparerTask.settle)
        let outcomes = Parallel.map(fetches + bands + settles, jobs: jobs) {
            task -> Result<(Int, Range<Int>, ItemPainter.PreparedPhoto)?, OutOfMemory> in
            switch task {
            case .fetch(let index):
                if let prefetch, let photo, let path = items[index].photo {
                    prefetch(path)
                    fetched.offer(index) { photo(path) }
                } else {
                    fetched.fill(index, photo.flatMap { photo in items[index].photo.flatMap(photo) })
                }
                return .success(nil)
            case .settle(let index):
                _ = fetched.wait(index)
                return .success(nil)
            case .prepare(let index, let rows):
                guard let part = fetched.wait(index) else { return .success(nil) }
                return Result { () throws(OutOfMemory) in
                    try painter.prepare(
                        photo: part, for: items[index].placement, canvasWidth: size.width, canvasHeight: size.height,
                        rows: rows, outline: outlines[index]
                    ).map { (index, rows, $0) }
                }
            }
        }
        var results: [(Int, Range<Int>, ItemPainter.PreparedPhoto)?] = []
        for outcome in outcomes { results.append(try outcome.get()) }
        return Self.pieces(of: chunk, results, bands: bands, outlines: outlines, rows: rows)
    }

    /// The pieces of the items `chunk`, from the resampled bands: bands come back in order; an item
    /// missing any band is drawn as a placeholder.
    private static func pieces(
        of chunk: [Int], _ results: [(Int, Range<Int>, ItemPainter.PreparedPhoto)?], bands: [PreparerTask],
        outlines: [Int: ItemPainter.Outline], rows: Range<Int>
    ) -> [PreparedPiece] {
        var parts = [Int: [(Range<Int>, ItemPainter.PreparedPhoto)]]()
        var counts = [Int: Int]()
        for task in bands { if case .prepare(let index, _) = task { counts[index, default: 0] += 1 } }
        for case let (index, rows, photo)? in results { parts[index, default: []].append((rows, photo)) }
        return chunk.flatMap { index -> [PreparedPiece] in
            guard let bands = parts[index], bands.count == counts[index] else {
                return outlines[index].map { [PreparedPiece(outline: $0.clipped(toRows: rows), photo: nil)] } ?? []
            }
            return bands.compactMap { band in
                outlines[index].map { PreparedPiece(outline: $0.clipped(toRows: band.0), photo: band.1) }
            }
        }
    }

    /// Band `band` of `count` nearly equal bands of `rows`, in order.
    private static func band(_ band: Int, of count: Int, in rows: Range<Int>) -> Range<Int> {
        let start = rows.lowerBound + rows.count * band / count
        return start..<rows.lowerBound + rows.count * (band + 1) / count
    }
}

/// One unit of a frame's work: fetch item i's photo, resample it for some frame rows of item i, or
/// make sure its offered photo has been got.
private enum PreparerTask: Sendable {
    case fetch(Int)
    case prepare(Int, rows: Range<Int>)
    case settle(Int)
}
