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
    /// Where a path's 3D items keep their pyramids between frames.
    let pyramids: (@Sendable (String) -> PyramidSource<PhotoKey>)?
    private let fetched = FetchedPhotos()

    init(
        plan: FramePlan, painter: ItemPainter, bounds: [(x: Range<Int>, y: Range<Int>)], jobs: Int,
        pyramids: (@Sendable (String) -> PyramidSource<PhotoKey>)? = nil
    ) {
        (self.plan, self.painter, self.bounds, self.jobs, self.pyramids) = (plan, painter, bounds, jobs, pyramids)
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
        let (items, painter, size) = (plan.items, painter, plan.size)
        let outlines = Dictionary(
            uniqueKeysWithValues: chunk.filter { items[$0].projected == nil }.map { index in
                (index, painter.outline(of: items[index].placement, canvasWidth: size.width, canvasHeight: size.height))
            })
        // Largest items first: theirs are the longest decodes and resamplings.
        func largestFirst(_ a: Int, _ b: Int) -> Bool {
            let (rectA, rectB) = (items[a].placement.rect, items[b].placement.rect)
            let (areaA, areaB) = (rectA.width * rectA.height, rectB.width * rectB.height)
            return areaA != areaB ? areaA > areaB : a < b
        }
        // A large flat item is resampled in bands of rows, one per worker, so no core idles while the
        // last big item is resampled (each output row is computed the same in any band); a 3D item
        // is prepared whole.
        let bands = chunk.sorted(by: largestFirst).flatMap { index in
            guard items[index].projected == nil else { return [PreparerTask.project(index)] }
            let itemRows = bounds[index].y.clamped(to: rows)
            let count = itemRows.count >= 64 ? jobs : 1
            return (0..<count).map { band in PreparerTask.prepare(index, rows: Self.band(band, of: count, in: itemRows))
            }
        }
        let shadows = chunk.filter { items[$0].shadow != nil }.map(PreparerTask.shade)
        let captions = chunk.filter { items[$0].caption != nil }.map(PreparerTask.caption)
        let fetches = photo == nil ? [] : items.indices.sorted(by: largestFirst).map(PreparerTask.fetch)
        // Offered photos are all got before this call returns: what gets them may not outlive it.
        let settles = photo == nil || prefetch == nil ? [] : items.indices.map(PreparerTask.settle)
        let outcomes = Parallel.map(fetches + bands + shadows + captions + settles, jobs: jobs) { task in
            run(task, outlines: outlines, photo: photo, prefetch: prefetch)
        }
        var results: [Prepared] = []
        results.reserveCapacity(outcomes.count)
        for outcome in outcomes { results.append(try outcome.get()) }
        return Self.pieces(of: chunk, results, bands: bands, outlines: outlines, rows: rows, items: items)
    }

    /// What one task made. Indirect: a fetch or settle task of every item of a frame makes nothing,
    /// and a slot as wide as a prepared photo for each (found by review: 1.3 KB an item, half the
    /// 4 GB a million items took).
    private indirect enum Prepared: Sendable {
        case nothing
        case band(Int, Range<Int>, ItemPainter.PreparedPhoto)
        case projected(Int, ProjectedItemPainter.Prepared)
        case shadow(Int, ShadowPainter.Prepared)
        case caption(Int, CaptionPainter.Prepared)
    }

    /// Does `task`: a fetch, a settle, a flat item's band or a 3D item whole.
    private func run(
        _ task: PreparerTask, outlines: [Int: ItemPainter.Outline], photo: (@Sendable (String) -> PhotoPart?)?,
        prefetch: (@Sendable (String) -> Void)?
    ) -> Result<Prepared, OutOfMemory> {
        let (items, size) = (plan.items, plan.size)
        switch task {
        case .fetch(let index):
            if let prefetch, let photo, let path = items[index].photo {
                prefetch(path)
                fetched.offer(index) { photo(path) }
            } else {
                fetched.fill(index, photo.flatMap { photo in items[index].photo.flatMap(photo) })
            }
            return .success(.nothing)
        case .settle(let index):
            _ = fetched.wait(index)
            return .success(.nothing)
        case .prepare(let index, let rows):
            guard let part = fetched.wait(index) else { return .success(.nothing) }
            return Result { () throws(OutOfMemory) in
                try painter.prepare(
                    photo: part, for: items[index].placement, canvasWidth: size.width, canvasHeight: size.height,
                    rows: rows, outline: outlines[index]
                ).map { .band(index, rows, $0) } ?? .nothing
            }
        case .shade(let index):
            let item = items[index]
            guard let shadow = item.shadow else { return .success(.nothing) }
            return Result { () throws(OutOfMemory) in
                try ShadowPainter.prepare(
                    shadow, of: item.plane, shape: painter.style.shape, canvasWidth: size.width,
                    canvasHeight: size.height
                ).map { .shadow(index, $0) } ?? .nothing
            }
        case .caption(let index):
            let item = items[index]
            guard let caption = item.caption else { return .success(.nothing) }
            return Result { () throws(OutOfMemory) in
                try CaptionPainter.prepare(
                    caption, of: item.plane, shape: painter.style.shape, canvasWidth: size.width,
                    canvasHeight: size.height
                ).map { .caption(index, $0) } ?? .nothing
            }
        case .project(let index):
            guard let placement = items[index].projected else { return .success(.nothing) }
            let part = fetched.wait(index)
            return Result { () throws(OutOfMemory) in
                .projected(
                    index,
                    try ProjectedItemPainter(style: painter.style).prepare(
                        placement, photo: part, canvasWidth: size.width, canvasHeight: size.height,
                        pyramids: items[index].photo.flatMap { path in pyramids?(path) }))
            }
        }
    }

    /// The pieces of the items `chunk`, in draw order, from what the tasks made: a flat item's bands
    /// come back in order, and one missing any band is drawn as a placeholder.
    private static func pieces(
        of chunk: [Int], _ results: [Prepared], bands: [PreparerTask], outlines: [Int: ItemPainter.Outline],
        rows: Range<Int>, items: [FramePlan.Item]
    ) -> [PreparedPiece] {
        var parts = [Int: [(Range<Int>, ItemPainter.PreparedPhoto)]]()
        var projected = [Int: ProjectedItemPainter.Prepared]()
        var shadows = [Int: ShadowPainter.Prepared]()
        var captions = [Int: CaptionPainter.Prepared]()
        var counts = [Int: Int]()
        for task in bands { if case .prepare(let index, _) = task { counts[index, default: 0] += 1 } }
        for result in results {
            switch result {
            case .band(let index, let rows, let photo): parts[index, default: []].append((rows, photo))
            case .projected(let index, let prepared): projected[index] = prepared
            case .shadow(let index, let prepared): shadows[index] = prepared
            case .caption(let index, let prepared): captions[index] = prepared
            case .nothing: break
            }
        }
        return chunk.flatMap { index -> [PreparedPiece] in
            let shadow = shadows[index].map { [PreparedPiece.shadow($0)] } ?? []
            let caption = captions[index].map { [PreparedPiece.caption($0)] } ?? []
            let backdrop = items[index].backdrop.map { [PreparedPiece.backdrop($0)] } ?? []
            var own: [PreparedPiece]
            if let prepared = projected[index] {
                own = [.projected(prepared)]
            } else if let outline = outlines[index] {
                let bands = parts[index].flatMap { $0.count == counts[index] ? $0 : nil }
                own =
                    bands?.map { band in .flat(outline.clipped(toRows: band.0), band.1) }
                    ?? [.flat(outline.clipped(toRows: rows), nil)]
            } else {
                own = []
            }
            // The caption is part of the item: drawn after it, and with it as one group when it fades.
            own = shadow + own + caption
            if let alpha = items[index].group, !own.isEmpty { own = [.group(alpha, own)] }
            return own + backdrop
        }
    }

    /// Band `band` of `count` nearly equal bands of `rows`, in order.
    private static func band(_ band: Int, of count: Int, in rows: Range<Int>) -> Range<Int> {
        let start = rows.lowerBound + rows.count * band / count
        return start..<rows.lowerBound + rows.count * (band + 1) / count
    }
}

/// One unit of a frame's work: fetch item i's photo, resample it for some frame rows of item i,
/// prepare 3D item i, its shadow or its caption, or make sure its offered photo has been got.
private enum PreparerTask: Sendable {
    case fetch(Int)
    case prepare(Int, rows: Range<Int>)
    /// A 3D item, prepared whole.
    case project(Int)
    /// An item's shadow, prepared whole.
    case shade(Int)
    /// An item's caption, prepared whole.
    case caption(Int)
    case settle(Int)
}
