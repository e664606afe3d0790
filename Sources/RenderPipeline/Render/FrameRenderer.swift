import GalleryCore
import GalleryLayout
import ImageCodecs
import Raster

/// Renders planned frames: each item's photo is resampled to its exact pixel placement, masked, and
/// composited in draw order over the background.
public struct FrameRenderer: Sendable {
    public let scene: Scene
    /// Bytes of Float pixels a frame may hold at once (`FramePasses`).
    public var budget: Int

    /// The item style and background painted with: the scene's, their colours in the frame's colour
    /// space (`Scene.framed`; the plans carry their own colours already framed). `scene` stays as
    /// given, so a plan made from it is framed once.
    private let style: ItemStyle
    private let background: Color

    public init(scene: Scene, budget: Int = FramePasses.defaultBudget) {
        self.scene = scene
        self.budget = budget
        var style = scene.style
        style.placeholder = scene.framed(style.placeholder)
        style.borderColor = scene.framed(style.borderColor)
        self.style = style
        background = scene.framed(scene.background)
    }

    /// The frame for `plan`; `photo` gives the upright pixels of a path, or nil for a placeholder.
    /// Up to `jobs` threads fetch and resample the items, then paint and quantise bands of rows; the
    /// draw order is kept, and the result is the same whatever `jobs` or the budget is. Throws when
    /// the frame's memory cannot be had, before anything is drawn. `pyramids` gives where a path's 3D
    /// items keep their pyramids between frames (nil: made for this frame alone).
    public func render(
        _ plan: FramePlan, jobs: Int = 1, prefetch: (@Sendable (String) -> Void)? = nil,
        pyramids: (@Sendable (String) -> PyramidSource<PhotoKey>)? = nil, photo: @Sendable (String) -> PhotoPart?
    ) throws(OutOfMemory) -> RGBAImage {
        let painter = ItemPainter(style: style)
        let size = plan.size
        let bounds = Self.bounds(of: plan)
        // A backdrop reads rows beyond its own: such a frame is painted on one canvas of all its rows.
        let whole = plan.items.contains { $0.backdrop != nil }
        let passes = FramePasses(
            bounds: Self.reach(of: plan, bounds), width: size.width, height: size.height, budget: whole ? .max : budget)
        let frameBytes = size.width * size.height * 4
        // Room for the frame, the Float pixels twice over (frames render side by side in a batch) and
        // the resampler's rings, checked before anything is drawn; each large array is checked again.
        let room = frameBytes + 2 * passes.peakBytes + (64 << 20)
        guard LargeArray.available(bytes: room), var frame = LargeArray.uninitialized(UInt8.self, count: frameBytes)
        else { throw OutOfMemory(bytes: room) }
        let pieces = PieceSource(
            preparer: ItemPreparer(plan: plan, painter: painter, bounds: bounds, jobs: jobs, pyramids: pyramids),
            prefetch: prefetch)
        var failure: OutOfMemory?
        frame.withUnsafeMutableBufferPointer { frame in
            for strip in passes.strips {
                failure =
                    paint(
                        strip, of: plan, pieces: { pieces($0, rows: $1, photo: photo) }, whole: whole, jobs: jobs,
                        into: frame)
                    ?? pieces.failure
                if failure != nil { return }
            }
        }
        if let failure { throw failure }
        return try Self.turned(RGBAImage(width: size.width, height: size.height, pixels: frame), plan.turn)
    }

    /// Paints and quantises `strip` of the frame into `frame`: in chunks of rows when it is one chunk
    /// (and not `whole`), else on a canvas of its rows; the page control last. What ran out, if any
    /// (`pieces` returns nil when preparing ran out, and keeps what did).
    private func paint(
        _ strip: FramePasses.Strip, of plan: FramePlan, pieces: ([Int], Range<Int>) -> [PreparedPiece]?, whole: Bool,
        jobs: Int, into frame: UnsafeMutableBufferPointer<UInt8>
    ) -> OutOfMemory? {
        let (painter, size, scale) = (ItemPainter(style: style), plan.size, scene.displayScale)
        let control = plan.pageControl
        func overlay(_ rows: Range<Int>, _ pixels: UnsafeMutableBufferPointer<SIMD4<Float>>) {
            control?.paint(
                into: pixels, rows: rows, canvasWidth: size.width, canvasHeight: size.height, pixelsPerPoint: scale)
        }
        if strip.chunks.count <= 1, !whole {
            guard let drawn = pieces(strip.chunks.first ?? [], strip.rows) else { return nil }
            Compositor.composite(
                rows: strip.rows, width: size.width, background: background, jobs: jobs, into: frame
            ) { rows, pixels in
                drawn.paint(with: painter, into: pixels, rows: rows, width: size.width)
                overlay(rows, pixels)
            }
            return nil
        }
        guard var canvas = StripCanvas(rows: strip.rows, width: size.width, background: background) else {
            return OutOfMemory(bytes: strip.rows.count * size.width * 16)
        }
        for chunk in strip.chunks {
            guard let drawn = pieces(chunk, strip.rows) else { return nil }
            canvas.paint(drawn, with: painter, height: size.height, jobs: jobs)
        }
        if control != nil { canvas.paint(jobs: jobs, overlay) }
        canvas.quantise(into: frame, jobs: jobs)
        return nil
    }

    /// Each item's pixel bounds: only those for all items at once, outlines are worked out a chunk
    /// at a time.
    static func bounds(of plan: FramePlan) -> [(x: Range<Int>, y: Range<Int>)] {
        plan.items.map { item in
            item.projected.map { ProjectedItemPainter.bounds(of: $0, width: plan.size.width, height: plan.size.height) }
                ?? ItemPainter.bounds(of: item.placement, width: plan.size.width, height: plan.size.height)
        }
    }

    /// Each item's pixel bounds with its shadow's and its caption's: the rows its pieces paint.
    static func reach(of plan: FramePlan, _ bounds: [(x: Range<Int>, y: Range<Int>)]) -> [(
        x: Range<Int>, y: Range<Int>
    )] {
        let (width, height) = (plan.size.width, plan.size.height)
        func union(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
            a.isEmpty ? b : b.isEmpty ? a : min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
        }
        return zip(plan.items, bounds).map { item, own in
            var reach = own
            let cast = item.shadow.map {
                ShadowPainter.bounds(of: $0, placement: item.plane, width: width, height: height)
            }
            let label = item.caption.map {
                CaptionPainter.bounds(of: $0, placement: item.plane, width: width, height: height)
            }
            for extra in [cast, label].compactMap({ $0 }) { reach = (union(reach.x, extra.x), union(reach.y, extra.y)) }
            return reach
        }
    }

    /// The interface drawn, turned onto its frame in a device rotation.
    private static func turned(_ image: RGBAImage, _ turn: FramePlan.Turn?) throws(OutOfMemory) -> RGBAImage {
        guard let turn else { return image }
        guard let turned = InterfaceTurner.turn(image, degrees: turn.degrees, onto: turn.frame) else {
            throw OutOfMemory(bytes: turn.frame.width * turn.frame.height * 4)
        }
        return turned
    }
}

/// A frame's pieces, chunk by chunk: the first call also fetches every item's photo; a call that
/// runs out of memory returns nil and keeps what ran out.
private final class PieceSource {
    let preparer: ItemPreparer
    let prefetch: (@Sendable (String) -> Void)?
    private var fetching = true
    private(set) var failure: OutOfMemory?

    init(preparer: ItemPreparer, prefetch: (@Sendable (String) -> Void)?) {
        (self.preparer, self.prefetch) = (preparer, prefetch)
    }

    /// The pieces of `chunk` within `rows`, `photo` giving the photos on the first call; nil when
    /// memory ran out.
    func callAsFunction(_ chunk: [Int], rows: Range<Int>, photo: @Sendable (String) -> PhotoPart?) -> [PreparedPiece]? {
        defer { fetching = false }
        do throws(OutOfMemory) {
            guard fetching else { return try preparer.prepare(chunk, rows: rows, fetching: nil) }
            return try withoutActuallyEscaping(photo) { photo throws(OutOfMemory) in
                try preparer.prepare(chunk, rows: rows, fetching: photo, prefetch: prefetch)
            }
        } catch {
            failure = error
            return nil
        }
    }
}
