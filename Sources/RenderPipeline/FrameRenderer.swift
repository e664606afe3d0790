import GalleryLayout
import ImageCodecs
import Raster

/// Renders planned frames: each item's photo is resampled to its exact pixel placement, masked, and
/// composited in draw order over the background.
public struct FrameRenderer: Sendable {
    public var scene: Scene

    public init(scene: Scene) { self.scene = scene }

    /// The frame for `plan`; `photo` gives the upright pixels of a path, or nil for a placeholder.
    /// Items are resampled on up to `jobs` threads; painting keeps the draw order.
    public func render(_ plan: FramePlan, jobs: Int = 1, photo: @Sendable (String) -> RGBAImage?) -> RGBAImage {
        let painter = ItemPainter(style: scene.style)
        let size = plan.size
        let prepared = Parallel.map(plan.items, jobs: jobs) { item in
            item.photo.flatMap(photo).map {
                painter.prepare(photo: $0, for: item.placement, canvasWidth: size.width, canvasHeight: size.height)
            }
        }
        var canvas = Canvas(width: size.width, height: size.height, background: scene.background)
        for (item, photo) in zip(plan.items, prepared) {
            painter.paint(item.placement, photo: photo, on: &canvas)
        }
        return canvas.image()
    }
}

extension FrameRenderer {
    /// One frame, start to finish, without writing it: plan, decode the visible photos (each once,
    /// in parallel), render. Returns the plan and any photo problems too.
    public func render(offset: Double, jobs: Int = 1) throws(LayoutError)
        -> (image: RGBAImage, plan: FramePlan, problems: [PhotoProblem])
    {
        let plan = try FramePlan(scene: scene, offset: offset)
        let cache = PhotoCache(plans: [(plan, scene)])
        let keys = Array(Set(plan.items.compactMap { $0.photo })).sorted().map(scene.photoKey)
        let decoded = Parallel.map(keys, jobs: jobs) { key in (key.path, try? cache.acquire(key).get().image) }
        let images = Dictionary(decoded.compactMap { path, image in image.map { (path, $0) } }) { first, _ in first }
        return (render(plan, jobs: jobs) { images[$0] }, plan, cache.problems)
    }
}
