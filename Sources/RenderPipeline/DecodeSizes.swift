import ImageCodecs

/// How large each photo is decoded in a run: for every photo, the largest box that any scene showing
/// it can draw it at (and `cover` if any scene covers its item with it).
///
/// A photo used by many frames and scenes — a scroll, several devices — is then decoded once and
/// resampled from that. Built from every scene of a manifest, shards included, so a frame's pixels
/// never depend on which shard or which companions it is rendered with.
public struct DecodeSizes: Sendable {
    private struct Photo: Hashable {
        let path: String
        let budget: PixelBudget
    }

    private var needs: [Photo: (box: PixelSize, fit: DecodeOptions.TargetFit)] = [:]

    /// The sizes for `scenes` (each contributes its `decodeBox` for each of its photos).
    public init(scenes: [Scene]) {
        for scene in scenes {
            for path in Set(scene.photos) {
                let photo = Photo(path: path, budget: scene.budget)
                let box = scene.decodeBox
                if let known = needs[photo] {
                    needs[photo] = (
                        PixelSize(width: max(known.box.width, box.width), height: max(known.box.height, box.height)),
                        known.fit == .cover || scene.decodeFit == .cover ? .cover : .fit
                    )
                } else {
                    needs[photo] = (box, scene.decodeFit)
                }
            }
        }
    }

    /// The cache key — path, budget and decode size — of the photo at `path` shown by `scene`.
    public func key(_ path: String, in scene: Scene) -> PhotoKey {
        let need = needs[Photo(path: path, budget: scene.budget)] ?? (scene.decodeBox, scene.decodeFit)
        return PhotoKey(path: path, budget: scene.budget, box: need.box, fit: need.fit)
    }
}
