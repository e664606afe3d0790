import Foundation
import GalleryCore
import GalleryLayout
import ImageCodecs
import Raster
import RenderPipeline

/// A gallery to render from Swift, as `gallery-render` renders it: the same layouts, decoding and
/// pixels, frame for frame.
///
/// ```swift
/// let carousel = Snapshot(viewport: Size(width: 375, height: 200), photos: urls.map(Photo.file), displayScale: 2)
/// let png = try carousel.png(atOffset: 120)
/// let fling = try carousel.apng(.fling(velocity: 1000), fps: 30)
/// ```
public struct Snapshot: Sendable {
    /// Layout, viewport, item count and overscroll.
    public var gallery: Gallery
    public var photos: [Photo]
    public var displayScale: Double
    public var style: ItemStyle
    public var background: Color
    /// Offsets snap to where the line layout comes to rest (and a fling ends there).
    public var snap: Scene.Snap?
    /// The frames' colour space: photos are converted into it from their profiles (pixels given as
    /// `.image` are taken to be in it already), and a display-p3 PNG carries its profile.
    public var colorSpace: ColorSpace
    /// Threads to render on.
    public var jobs: Int

    /// Item i shows photo i mod the photo count; `itemCount` nil means one item a photo.
    public init(
        layout: LayoutStyle = .line(LineLayout()), viewport: Size, itemCount: Int? = nil, photos: [Photo] = [],
        displayScale: Double = Scene.defaultDisplayScale, style: ItemStyle = ItemStyle(),
        background: Color = Scene.defaultBackground, snap: Scene.Snap? = nil,
        colorSpace: ColorSpace = Scene.defaultColorSpace, jobs: Int = Processors.count
    ) {
        gallery = Gallery(style: layout, viewport: viewport, itemCount: itemCount ?? photos.count)
        self.photos = photos
        self.displayScale = displayScale
        self.style = style
        self.background = background
        self.snap = snap
        self.colorSpace = colorSpace
        self.jobs = max(1, jobs)
    }

    /// The frame at `offset` (clamped, and snapped with `snap`). Under `strict`, a photo that cannot
    /// be read is an error instead of a placeholder.
    public func image(atOffset offset: Double = 0, strict: Bool = false) throws(RenderError) -> RGBAImage {
        let scene = scene
        // One frame asked, one frame given: a frame that did not render is an error.
        return try render(.offsets([offset]), in: scene, strict: strict)[0]
    }

    /// The frame at `offset` as PNG bytes, as `gallery-render render` writes them.
    public func png(atOffset offset: Double = 0, strict: Bool = false) throws(RenderError) -> [UInt8] {
        let frame = try image(atOffset: offset, strict: strict)
        do { return try PNGEncoder.encode(frame, jobs: jobs, colorSpace: colorSpace) } catch {
            throw .encode(error)
        }
    }

    /// Every frame of `motion` from `offset` at `fps` frames a second, as `gallery-render animate`
    /// renders them.
    public func frames(
        _ motion: MotionRequest, from offset: Double = 0, fps: Int = MotionDefaults.fps, strict: Bool = false
    )
        throws(RenderError) -> [RGBAImage]
    {
        let plan: MotionPlan
        do { plan = try MotionPlan(motion, of: scene, offset: offset, fps: fps) } catch { throw .motion(error) }
        return try render(.motion(plan, from: offset), in: plan.frameScene, strict: strict)
    }

    /// `motion` as APNG bytes, as `gallery-render animate -o NAME.png` writes them.
    public func apng(
        _ motion: MotionRequest, from offset: Double = 0, fps: Int = MotionDefaults.fps,
        loops: Int = MotionDefaults.loops, strict: Bool = false
    ) throws(RenderError) -> [UInt8] {
        let images = try frames(motion, from: offset, fps: fps, strict: strict)
        do throws(FrameSinkError) {
            var sink = try APNGSink(
                to: nil, fps: fps, loops: loops, alpha: background.a < 255, frameCount: images.count,
                colorSpace: colorSpace, jobs: jobs)
            for (index, image) in images.enumerated() { try sink.append(image, index: index) }
            try sink.finish()
            return sink.bytes
        } catch {
            switch error {
            case .encode(let error): throw .encode(error)
            // Not reached: a sink into memory writes no file.
            case .write(let error): throw .encode(.refused(message: error.description))
            }
        }
    }

    /// The scene: photos given as pixels are named `memory:N` (N their place in `photos`). A page
    /// layout's motions end on pages, as its demo's `isPagingEnabled` has them.
    var scene: Scene {
        var scene = Scene(
            gallery: gallery, displayScale: displayScale, style: style, background: background,
            photos: photos.enumerated().map { index, photo in
                switch photo {
                case .file(let url): url.path
                case .image: "memory:\(index)"
                }
            }, snap: snap, colorSpace: colorSpace)
        if case .page = gallery.style { scene.paging = true }
        return scene
    }

    /// Renders `frames` through the command line's renderer: each file decoded once, for the largest
    /// item any frame draws; photos given as pixels are one more source of its cache.
    private func render(_ frames: RenderJob.Frames, in scene: Scene, strict: Bool) throws(RenderError) -> [RGBAImage] {
        let given = Dictionary(
            uniqueKeysWithValues: photos.enumerated().compactMap { index, photo -> (String, DecodedImage)? in
                guard case .image(let image) = photo else { return nil }
                return ("memory:\(index)", DecodedImage(pixels: image, colorSpace: colorSpace))
            })
        let report = Renderer(jobs: jobs, strict: strict, given: given).run(
            [RenderJob(name: "snapshot", scene: scene, frames: frames, output: .memory)])
        guard let record = report.scenes.first else { return [] }
        guard let failure = record.failures.first else { return record.images }
        switch failure {
        case .layout(let error): throw .layout(error)
        case .unreadablePhotos(let problems): throw .unreadablePhotos(problems)
        case .memory(_, _, let error): throw .memory(error)
        case .encode(_, let error): throw .encode(error)
        case .shadows(_, let work): throw .shadows(work)
        // Not reached: nothing is listed or written.
        case .photos, .write: throw .encode(.refused(message: failure.description))
        }
    }
}
