import Foundation
import GalleryCore
import ImageCodecs
import Raster

/// Decodes each photo once per run and keeps it only while frames still need it.
///
/// Requests are `PhotoKey`s (a photo and the box one scene needs it for). Two keys share one decode
/// whenever they would decode to the same pixels — same file, same budget, same DCT scale — which
/// the cache learns from the file's header on first use; a scene's pixels therefore never depend on
/// other scenes. Every use is known in advance (frames are planned first): a decode is dropped once
/// no planned use of its photo remains; on top of that, decoded pixels are capped at
/// `capacityBytes`, evicting idle decodes least recently used first (a photo evicted early is decoded
/// again — the price of a cache too small for the run). Thread-safe: concurrent requests for the same
/// decode wait for one. Unchecked Sendable, and safe: every stored `var` is touched only with
/// `condition` held (the lock is let go only around reads and decodes, which touch no state).
public final class PhotoCache: @unchecked Sendable {
    /// What a decode's pixels depend on.
    private struct Identity: Hashable {
        let path: String
        let budget: PixelBudget
        /// The DCT scale in eighths; nil for a decode that will fail (same bytes, same failure).
        let scaleEighths: Int?
    }

    /// A photo file under a budget, whatever box it is asked for.
    private struct Source: Hashable {
        let path: String
        let budget: PixelBudget
    }

    /// Where a planned use draws its photo: what decides which of the photo's pixels it reads.
    private struct Use: Hashable {
        let placement: ItemPainter.Placement
        let canvas: PixelSize
        let style: ItemStyle
    }

    private enum Entry {
        case decoding
        case ready(Result<DecodedImage, DecodeError>, bytes: Int, lastUse: Int, users: Int)
    }

    private let condition = NSCondition()
    /// Planned uses not yet released, per photo file (all boxes together).
    private var remainingUses: [Source: Int] = [:]
    /// Every planned use per file and key, for decoding only the part of a photo frames show.
    private var uses: [Source: [PhotoKey: Set<Use>]] = [:]
    private var identities: [PhotoKey: Identity] = [:]
    /// Each file's headers, read once: later boxes for the same photo learn their scale without I/O.
    private var headers: [Source: ImageHeader] = [:]
    private var entries: [Identity: Entry] = [:]
    private var residentBytes = 0
    private var clock = 0
    private var reported: Set<Source> = []
    private var problemLog: [PhotoProblem] = []
    private let capacityBytes: Int
    /// Every planned key once, in the order frames first use them, and the next to decode ahead.
    private var upcoming: [PhotoKey] = []
    /// Pixel bytes of the decodes still running, as their headers foretell (`residentBytes` counts
    /// them once done).
    private var decodingBytes = 0
    private var nextUpcoming = 0
    /// Decodes run so far (a photo evicted before its last use counts again).
    public private(set) var decodeCount = 0

    /// A cache for `plans`, each with the scene that made it.
    public init(plans: [(plan: FramePlan, scene: Scene)], capacityBytes: Int = 512 << 20) {
        self.capacityBytes = capacityBytes
        for (plan, scene) in plans {
            for item in plan.items {
                guard let path = item.photo else { continue }
                let key = scene.photoKey(path), source = Source(path: path, budget: scene.budget)
                if uses[source]?[key] == nil { upcoming.append(key) }
                remainingUses[source, default: 0] += 1
                uses[source, default: [:]][key, default: []]
                    .insert(Use(placement: item.placement, canvas: plan.size, style: scene.style))
            }
        }
    }

    /// The decoded photo, decoding it if no other frame has yet. Pair with `release(_:)`.
    public func acquire(_ key: PhotoKey) -> Result<DecodedImage, DecodeError> {
        condition.lock()
        defer { condition.unlock() }
        let (identity, bytes) = resolve(key)
        while true {
            switch entries[identity] {
            case .decoding:
                // Rather than idle while another worker decodes this photo, decode one that frames
                // will need later. Either may have let go of the lock (to read or decode), so look
                // again before waiting: the decode waited for may have finished meanwhile.
                if decodeAhead() { continue }
                guard case .decoding = entries[identity] else { continue }
                condition.wait()
            case .ready(let result, let size, _, let users):
                clock += 1
                entries[identity] = .ready(result, bytes: size, lastUse: clock, users: users + 1)
                return result
            case nil:
                return decode(key, as: identity, bytes: bytes, users: 1)
            }
        }
    }

    /// What `key` decodes to, reading the file's headers on its first request (later boxes for the
    /// same photo reuse them); the file's bytes too when they were read just now. Lock held; it is
    /// let go during the read.
    private func resolve(_ key: PhotoKey) -> (Identity, Result<[UInt8], DecodeError>?) {
        if let known = identities[key] { return (known, nil) }
        let source = Source(path: key.path, budget: key.budget)
        var bytes: Result<[UInt8], DecodeError>?
        var header = headers[source]
        if header == nil {
            condition.unlock()
            let read = Result { () throws(DecodeError) in
                try ImageDecoder.readBytes(atPath: key.path, limit: key.budget.maxFileBytes)
            }
            let parsed = ImageHeader((try? read.get()) ?? [])
            condition.lock()
            bytes = read
            header = headers[source] ?? parsed
            headers[source] = header
        }
        let scale = header?.decodeScale(options: key.options)
        let identity = Identity(path: key.path, budget: key.budget, scaleEighths: scale)
        identities[key] = identity
        return (identity, bytes)
    }

    /// Decodes `key` as `identity` (read from `bytes` when given) and stores the result with
    /// `users` holders. Lock held; it is let go during the decode.
    private func decode(
        _ key: PhotoKey, as identity: Identity, bytes: Result<[UInt8], DecodeError>?, users: Int
    ) -> Result<DecodedImage, DecodeError> {
        let source = Source(path: key.path, budget: key.budget)
        var options = key.options
        options.region = headers[source].flatMap { region(of: identity, source: source, header: $0) }
        entries[identity] = .decoding
        decodeCount += 1
        let foretold =
            identity.scaleEighths.flatMap { headers[source]?.decodedSize(scaleEighths: $0) }.map {
                $0.width * $0.height * 4
            } ?? 0
        decodingBytes += foretold
        condition.unlock()
        let result = Result { () throws(DecodeError) in
            // Read again when this key was resolved earlier and its decode since dropped.
            let data: [UInt8]
            if let bytes {
                data = try bytes.get()
            } else {
                data = try ImageDecoder.readBytes(atPath: key.path, limit: key.budget.maxFileBytes)
            }
            return try ImageDecoder.decode(data, options: options)
        }
        condition.lock()
        decodingBytes -= foretold
        let size = (try? result.get()).map { $0.image.pixels.count } ?? 0
        clock += 1
        entries[identity] = .ready(result, bytes: size, lastUse: clock, users: users)
        residentBytes += size
        record(result, for: source)
        evictOverCapacity()
        condition.broadcast()
        return result
    }

    /// Decodes the next photo planned frames will use that is neither decoded nor being decoded,
    /// when its pixels fit under the cap; whether it did. Lock held.
    private func decodeAhead() -> Bool {
        while nextUpcoming < upcoming.count {
            let key = upcoming[nextUpcoming]
            let source = Source(path: key.path, budget: key.budget)
            if (remainingUses[source] ?? 0) <= 0 || identities[key].map({ entries[$0] != nil }) == true {
                nextUpcoming += 1
                continue
            }
            let (identity, bytes) = resolve(key)
            guard entries[identity] == nil else { continue }
            // Only a JPEG's size is known before decoding (from its header); the decodes still
            // running count too, so workers deciding at once cannot overshoot the cap together.
            guard let scale = identity.scaleEighths, let size = headers[source]?.decodedSize(scaleEighths: scale),
                residentBytes + decodingBytes + size.width * size.height * 4 <= capacityBytes
            else { return false }
            nextUpcoming += 1
            _ = decode(key, as: identity, bytes: bytes, users: 0)
            return true
        }
        return false
    }

    /// A frame is done with `key`. With `consumingUse` (the default) this was one of the planned
    /// uses; once a photo has none left, its decodes are dropped. A probe passes false.
    public func release(_ key: PhotoKey, consumingUse: Bool = true) {
        condition.lock()
        defer { condition.unlock() }
        guard let identity = identities[key],
            case .ready(let result, let size, let lastUse, let users) = entries[identity]
        else {
            if consumingUse { consume(key) }
            return
        }
        entries[identity] = .ready(result, bytes: size, lastUse: lastUse, users: users - 1)
        if consumingUse { consume(key) }
        evictOverCapacity()
    }

    /// A planned use that will not happen (its frame is not rendered).
    public func skip(_ key: PhotoKey) {
        condition.lock()
        defer { condition.unlock() }
        consume(key)
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

    /// One planned use of `key`'s photo is over; with none left, its idle decodes go. Lock held.
    private func consume(_ key: PhotoKey) {
        let source = Source(path: key.path, budget: key.budget)
        let remaining = (remainingUses[source] ?? 1) - 1
        remainingUses[source] = remaining
        guard remaining <= 0 else { return }
        for (identity, entry) in entries where identity.path == key.path && identity.budget == key.budget {
            if case .ready(_, let size, _, 0) = entry {
                entries[identity] = nil
                residentBytes -= size
            }
        }
    }

    /// The part of `identity`'s decode that its planned uses read (all keys that share the decode
    /// together, so the pixels never depend on which frame asked first). Lock held.
    private func region(of identity: Identity, source: Source, header: ImageHeader) -> ImageRegion? {
        guard let scale = identity.scaleEighths, let size = header.decodedSize(scaleEighths: scale) else { return nil }
        var region = ImageRegion(x: 0..<0, y: 0..<0)
        for (key, planned) in uses[source] ?? [:]
        where header.decodeScale(options: key.options) == scale {
            for use in planned {
                let painter = ItemPainter(style: use.style)
                region = region.union(
                    painter.sourceRegion(
                        ofPhoto: size, for: use.placement, canvasWidth: use.canvas.width,
                        canvasHeight: use.canvas.height))
            }
        }
        return region.isEmpty ? nil : region
    }

    private func record(_ result: Result<DecodedImage, DecodeError>, for source: Source) {
        guard !reported.contains(source) else { return }
        reported.insert(source)
        switch result {
        case .failure(let error):
            problemLog.append(PhotoProblem(path: source.path, kind: .error(error)))
        case .success(let decoded):
            problemLog += decoded.warnings.map { PhotoProblem(path: source.path, kind: .warning($0)) }
        }
    }

    /// Drops idle decodes, least recently used first, until the cap holds. Lock held.
    private func evictOverCapacity() {
        while residentBytes > capacityBytes {
            let idle = entries.compactMap { identity, entry -> (Identity, Int, Int)? in
                guard case .ready(_, let size, let lastUse, 0) = entry, size > 0 else { return nil }
                return (identity, size, lastUse)
            }
            guard let oldest = idle.min(by: { $0.2 < $1.2 }) else { return }
            entries[oldest.0] = nil
            residentBytes -= oldest.1
        }
    }
}
