import GalleryCore
import Synchronization

/// The pyramids of 3D items kept across the frames of a run, least recently used first out, up to a
/// budget of bytes. A pyramid is a function of its photo's decode, the region it is built from and its
/// base level, so one taken from here is the one the item would build: the bytes do not change.
///
/// Measured: a 61-frame cover-flow fling at @2x (eight 200 × 200 pt items) built a pyramid per item
/// per frame, 40 % of its time (`perf record`, `animate --layout coverflow --fling 1000`).
public final class PyramidCache<PhotoID: Hashable & Sendable>: Sendable {
    struct Key: Hashable, Sendable {
        let photo: PhotoID
        let region: ImageRegion
        let base: Int
    }

    private struct Store: ~Copyable {
        var pyramids: [Key: (pyramid: MipPyramid, used: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    /// The most bytes of texels kept.
    public let budget: Int
    private let store = Mutex(Store())

    public init(budget: Int = 192 << 20) { self.budget = budget }

    /// Bytes of texels held now.
    public var bytes: Int { store.withLock { $0.bytes } }

    /// The pyramid of `region` of photo `photo` from level `base`: kept, or made by `build` and kept
    /// when it fits the budget (older ones make room).
    func pyramid(
        _ photo: PhotoID, region: ImageRegion, base: Int, build: () throws(OutOfMemory) -> MipPyramid
    ) throws(OutOfMemory) -> MipPyramid {
        let key = Key(photo: photo, region: region, base: base)
        let kept = store.withLock { store -> MipPyramid? in
            guard let entry = store.pyramids[key] else { return nil }
            store.clock += 1
            store.pyramids[key]?.used = store.clock
            return entry.pyramid
        }
        if let kept { return kept }
        let made = try build()
        let size = made.texels.count * MemoryLayout<SIMD4<Float>>.stride
        guard size <= budget else { return made }
        store.withLock { store in
            guard store.pyramids[key] == nil else { return }
            while store.bytes + size > budget,
                let oldest = store.pyramids.min(by: { $0.value.used < $1.value.used })
            {
                store.bytes -= oldest.value.pyramid.texels.count * MemoryLayout<SIMD4<Float>>.stride
                store.pyramids[oldest.key] = nil
            }
            store.clock += 1
            store.pyramids[key] = (made, store.clock)
            store.bytes += size
        }
        return made
    }
}

/// Where a 3D item's pyramid may come from: a run's cache, under its photo's identity.
public struct PyramidSource<PhotoID: Hashable & Sendable>: Sendable {
    let cache: PyramidCache<PhotoID>
    let photo: PhotoID

    public init(cache: PyramidCache<PhotoID>, photo: PhotoID) {
        self.cache = cache
        self.photo = photo
    }
}
