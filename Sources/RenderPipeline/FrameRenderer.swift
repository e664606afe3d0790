import ImageCodecs
import Raster

/// Renders planned frames from decoded photos: each item's photo is resampled to its exact pixel
/// placement, masked, and composited in draw order over the background.
public struct FrameRenderer: Sendable {
    public var scene: Scene

    public init(scene: Scene) { self.scene = scene }

    /// The frame for `plan`, with photos from `photos` (a missing photo draws the placeholder).
    public func render(_ plan: FramePlan, photos: DecodedPhotos, jobs: Int = 1) -> RGBAImage {
        let painter = ItemPainter(style: scene.style)
        let size = plan.size
        // Resampling is per item and pure, so it runs in parallel; painting keeps the draw order.
        let prepared = Parallel.map(plan.items, jobs: jobs) { item in
            item.photo.flatMap(photos.image).map {
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
