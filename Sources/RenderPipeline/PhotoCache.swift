import Foundation
import ImageCodecs

/// Decodes each photo once per run (once per distinct `PhotoKey`: scenes that decode a photo the same
/// way share it) and keeps it only while frames still need it.
///
/// Every use is known in advance (frames are planned first), so an entry is dropped as soon as its
/// last frame has been rendered; on top of that, decoded pixels are capped at `capacityBytes`,
/// evicting unused entries least recently used first (a photo evicted early is decoded again — the
/// price of a cache too small for the run). Thread-safe: concurrent requests for the same photo wait
/// for one decode.
public final class PhotoCache: @unchecked Sendable {

    private enum Entry {
        case decoding
        case ready(Result<DecodedImage, DecodeError>, bytes: Int, lastUse: Int, users: Int)
    }

    private let condition = NSCondition()
    /// Planned uses not yet released, per photo.
    private var remainingUses: [PhotoKey: Int] = [:]
    private var entries: [PhotoKey: Entry] = [:]
    private var residentBytes = 0
    private var clock = 0
    private var reported: Set<PhotoKey> = []
    private var problemLog: [PhotoProblem] = []
    private let capacityBytes: Int
    /// Decodes run so far (a photo evicted before its last use counts again).
    public private(set) var decodeCount = 0

    /// A cache for `plans`, each with the scene that made it, decoding at `sizes`.
    public init(plans: [(plan: FramePlan, scene: Scene)], sizes: DecodeSizes, capacityBytes: Int = 512 << 20) {
        self.capacityBytes = capacityBytes
        for (plan, scene) in plans {
            for path in plan.items.compactMap(\.photo) { remainingUses[sizes.key(path, in: scene), default: 0] += 1 }
        }
    }

    /// The decoded photo, decoding it if no other frame has yet. Pair with `release(_:)`.
    public func acquire(_ key: PhotoKey) -> Result<DecodedImage, DecodeError> {
        condition.lock()
        while true {
            switch entries[key] {
            case .decoding:
                condition.wait()
            case .ready(let result, let bytes, _, let users):
                clock += 1
                entries[key] = .ready(result, bytes: bytes, lastUse: clock, users: users + 1)
                condition.unlock()
                return result
            case nil:
                entries[key] = .decoding
                decodeCount += 1
                condition.unlock()
                let result = Result { () throws(DecodeError) in
                    try ImageDecoder.decodeFile(atPath: key.path, options: key.options)
                }
                let bytes = (try? result.get()).map { $0.image.pixels.count } ?? 0
                condition.lock()
                clock += 1
                entries[key] = .ready(result, bytes: bytes, lastUse: clock, users: 1)
                residentBytes += bytes
                record(result, for: key)
                evictOverCapacity()
                condition.broadcast()
                condition.unlock()
                return result
            }
        }
    }

    /// A frame is done with `key`. With `consumingUse` (the default) this was one of the planned
    /// uses, and after the last one the photo is dropped; a probe passes false.
    public func release(_ key: PhotoKey, consumingUse: Bool = true) {
        condition.lock()
        defer { condition.unlock() }
        let remaining = (remainingUses[key] ?? 1) - (consumingUse ? 1 : 0)
        remainingUses[key] = remaining
        guard case .ready(let result, let bytes, let lastUse, let users) = entries[key] else { return }
        if remaining <= 0 {
            entries[key] = nil
            residentBytes -= bytes
        } else {
            entries[key] = .ready(result, bytes: bytes, lastUse: lastUse, users: users - 1)
            evictOverCapacity()
        }
    }

    /// A planned use that will not happen (its frame is not rendered).
    public func skip(_ key: PhotoKey) {
        condition.lock()
        defer { condition.unlock() }
        let remaining = (remainingUses[key] ?? 1) - 1
        remainingUses[key] = remaining
        if remaining <= 0, case .ready(_, let bytes, _, 0) = entries[key] {
            entries[key] = nil
            residentBytes -= bytes
        }
    }

    /// Problems met so far, each photo once, in the order they were found.
    public var problems: [PhotoProblem] {
        condition.lock()
        defer { condition.unlock() }
        return problemLog
    }

    /// Pixel bytes held right now.
    public var bytesResident: Int {
        condition.lock()
        defer { condition.unlock() }
        return residentBytes
    }

    private func record(_ result: Result<DecodedImage, DecodeError>, for key: PhotoKey) {
        guard !reported.contains(key) else { return }
        reported.insert(key)
        switch result {
        case .failure(let error):
            problemLog.append(PhotoProblem(path: key.path, message: error.description, isError: true))
        case .success(let decoded):
            problemLog += decoded.warnings.map { PhotoProblem(path: key.path, message: $0, isError: false) }
        }
    }

    /// Drops unused entries, least recently used first, until the cap holds. Caller holds the lock.
    private func evictOverCapacity() {
        while residentBytes > capacityBytes {
            let idle = entries.compactMap { key, entry -> (PhotoKey, Int, Int)? in
                guard case .ready(_, let bytes, let lastUse, let users) = entry, users == 0, bytes > 0 else {
                    return nil
                }
                return (key, bytes, lastUse)
            }
            guard let oldest = idle.min(by: { $0.2 < $1.2 }) else { return }
            entries[oldest.0] = nil
            residentBytes -= oldest.1
        }
    }
}
