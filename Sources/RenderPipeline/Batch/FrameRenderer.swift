import GalleryCore
import GalleryLayout
import ImageCodecs
import Raster

/// Renders planned frames: each item's photo is resampled to its exact pixel placement, masked, and
/// composited in draw order over the background.
public struct FrameRenderer: Sendable {
    public var scene: Scene
    /// Bytes of Float pixels a frame may hold at once (`FramePasses`).
    public var budget: Int

    public init(scene: Scene, budget: Int = FramePasses.defaultBudget) {
        self.scene = scene
        self.budget = budget
    }

    /// The frame for `plan`; `photo` gives the upright pixels of a path, or nil for a placeholder.
    /// Up to `jobs` threads fetch and resample the items, then paint and quantise bands of rows; the
    /// draw order is kept, and the result is the same whatever `jobs` or the budget is. Throws when
    /// the frame's memory cannot be had, before anything is drawn.
    public func render(_ plan: FramePlan, jobs: Int = 1, photo: @Sendable (String) -> PhotoPart?)
        throws(OutOfMemory) -> RGBAImage
    {
        let painter = ItemPainter(style: scene.style)
        let size = plan.size
        let outlines = plan.items.map {
            painter.outline(of: $0.placement, canvasWidth: size.width, canvasHeight: size.height)
        }
        let passes = FramePasses(bounds: outlines.map(\.bounds), width: size.width, height: size.height, budget: budget)
        let frameBytes = size.width * size.height * 4
        guard LargeArray.available(bytes: passes.peakBytes),
            var frame = LargeArray.uninitialized(UInt8.self, count: frameBytes)
        else { throw OutOfMemory(bytes: frameBytes + passes.peakBytes) }
        let preparer = ItemPreparer(plan: plan, painter: painter, outlines: outlines, jobs: jobs)
        var outOfMemory = false
        var fetching = true
        /// The pieces of `chunk` within `rows`; the first call also fetches every item's photo.
        func prepare(_ chunk: [Int], rows: Range<Int>) -> [PreparedPiece] {
            defer { fetching = false }
            guard fetching else { return preparer.prepare(chunk, rows: rows, fetching: nil) }
            return withoutActuallyEscaping(photo) { preparer.prepare(chunk, rows: rows, fetching: $0) }
        }
        frame.withUnsafeMutableBufferPointer { frame in
            for strip in passes.strips {
                if strip.chunks.count <= 1 {
                    let pieces = prepare(strip.chunks.first ?? [], rows: strip.rows)
                    Compositor.composite(
                        rows: strip.rows, width: size.width, background: scene.background, jobs: jobs, into: frame
                    ) { rows, pixels in pieces.paint(with: painter, into: pixels, rows: rows, width: size.width) }
                    continue
                }
                guard var canvas = StripCanvas(rows: strip.rows, width: size.width, background: scene.background)
                else {
                    outOfMemory = true
                    return
                }
                for chunk in strip.chunks {
                    let pieces = prepare(chunk, rows: strip.rows)
                    canvas.paint(jobs: jobs) { rows, pixels in
                        pieces.paint(with: painter, into: pixels, rows: rows, width: size.width)
                    }
                }
                canvas.quantise(into: frame, jobs: jobs)
            }
        }
        if outOfMemory { throw OutOfMemory(bytes: frameBytes + passes.peakBytes) }
        return RGBAImage(width: size.width, height: size.height, pixels: frame)
    }
}
