import GalleryCore
import GalleryLayout
import Raster
import RenderPipeline

extension FrameRenderer {
    /// For tests of the renderer alone: one frame, start to finish, without writing it (plan, decode
    /// the visible photos, render), with the plan and any photo problems. The product renders through
    /// `Renderer`, and so do the golden-image tests.
    func render(offset: Double, jobs: Int = 1) throws
        -> (image: RGBAImage, plan: FramePlan, problems: [PhotoProblem])
    {
        let plan = try FramePlan(scene: scene, offset: offset)
        let cache = PhotoCache(plans: [(plan, scene)])
        let keys = Array(Set(plan.items.compactMap { $0.photo })).sorted().map(scene.photoKey)
        let decoded = Parallel.map(keys, jobs: jobs) { key in
            (key.path, (try? cache.acquire(key).result.get()).map(PhotoPart.init))
        }
        let images = Dictionary(decoded.compactMap { path, part in part.map { (path, $0) } }) { first, _ in first }
        return (try render(plan, jobs: jobs) { images[$0] }, plan, cache.problems)
    }
}
