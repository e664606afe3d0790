import GalleryCore
import GalleryLayout
import ImageCodecs
import Raster

/// Renders planned frames: each item's photo is resampled to its exact pixel placement, masked, and
/// composited in draw order over the background.
public struct FrameRenderer: Sendable {
    public var scene: Scene

    public init(scene: Scene) { self.scene = scene }

    /// The frame for `plan`; `photo` gives the upright pixels of a path, or nil for a placeholder.
    /// Up to `jobs` threads fetch and resample the items, then paint and quantise bands of rows; the
    /// draw order is kept, and the result is the same whatever `jobs` is.
    public func render(_ plan: FramePlan, jobs: Int = 1, photo: @Sendable (String) -> PhotoPart?) -> RGBAImage {
        let painter = ItemPainter(style: scene.style)
        let size = plan.size, items = plan.items
        // Largest items first: theirs are the longest decodes and resamplings. Every fetch is handed
        // out before any resampling, so a resampling only ever waits for a decode already running.
        let order = items.indices.sorted { a, b in
            let (sideA, sideB) = (items[a].placement.square.width, items[b].placement.square.width)
            return sideA != sideB ? sideA > sideB : a < b
        }
        // A large item is resampled in bands of rows, one per worker, so no core idles while the
        // last big item is resampled (each output row is computed the same in any band).
        let bands = order.flatMap { index in
            let rows = ItemPainter.bounds(of: items[index].placement, width: size.width, height: size.height).y
            let count = rows.count >= 64 ? jobs : 1
            return (0..<count).map { band in
                FrameTask.prepare(index, rows: Self.band(band, of: count, in: rows))
            }
        }
        let outlines = items.map {
            painter.outline(of: $0.placement, canvasWidth: size.width, canvasHeight: size.height)
        }
        let fetched = FetchedPhotos()
        let tasks = order.map { FrameTask.fetch($0) } + bands
        let results = Parallel.map(tasks, jobs: jobs) { task -> (Int, ItemPainter.PreparedPhoto)? in
            switch task {
            case .fetch(let index):
                fetched.fill(index, items[index].photo.flatMap(photo))
                return nil
            case .prepare(let index, let rows):
                guard let part = fetched.wait(index),
                    let prepared = painter.prepare(
                        photo: part, for: items[index].placement, canvasWidth: size.width, canvasHeight: size.height,
                        rows: rows, outline: outlines[index])
                else { return nil }
                return (index, prepared)
            }
        }
        // Bands come back in order; an item missing any band is drawn as a placeholder.
        var parts = [[ItemPainter.PreparedPhoto]](repeating: [], count: items.count)
        for case let (index, band)? in results { parts[index].append(band) }
        let prepared = parts.map { bands -> ItemPainter.PreparedPhoto? in
            guard let first = bands.first else { return nil }
            return bands.count == 1
                ? first : ItemPainter.PreparedPhoto(pixels: bands.flatMap(\.pixels), rect: first.rect)
        }

        return Compositor.image(width: size.width, height: size.height, background: scene.background, jobs: jobs) {
            rows, pixels in
            for (outline, photo) in zip(outlines, prepared) {
                painter.paint(outline, photo: photo, into: pixels, rows: rows, canvasWidth: size.width)
            }
        }
    }
}

extension FrameRenderer {
    /// Band `band` of `count` nearly equal bands of `rows`, in order.
    fileprivate static func band(_ band: Int, of count: Int, in rows: Range<Int>) -> Range<Int> {
        let start = rows.lowerBound + rows.count * band / count
        return start..<rows.lowerBound + rows.count * (band + 1) / count
    }
}

/// One unit of a frame's work: fetch item i's photo, or resample it for some frame rows of item i.
private enum FrameTask: Sendable {
    case fetch(Int)
    case prepare(Int, rows: Range<Int>)
}
