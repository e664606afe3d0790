import Foundation
import GalleryCore
import ImageCodecs
import Raster

/// Decodes each photo once per run and keeps it only while frames still need it: the scheduler over
/// a `DecodePlan` (every use, known up front) and the `DecodedPhotos` it holds.
///
/// Requests are `PhotoKey`s (a photo and the box one scene needs it for). Two keys share one decode
/// whenever they would decode to the same pixels — same file, same budget, same DCT scale — which
/// the cache learns from the file's header on first use; a scene's pixels therefore never depend on
/// other scenes. A decode is dropped once no planned use of its photo remains; on top of that,
/// decoded pixels are capped at `capacityBytes`, evicting idle decodes least recently used first (a
/// photo evicted early is decoded again — the price of a cache too small for the run). A worker that
/// would wait for another's decode decodes a photo frames need later instead.
///
/// Thread-safe: concurrent requests for the same decode wait for one. Unchecked Sendable, and safe:
/// every stored `var` is touched only with `condition` held (let go only around reads and decodes,
/// which touch no state).
public final class PhotoCache: @unchecked Sendable {
    private let condition = NSCondition()
    private var plan: DecodePlan
    private var decoded: DecodedPhotos
    private var identities: [PhotoKey: DecodeIdentity] = [:]
    /// Each file's headers, read once: later boxes for the same photo learn their scale without I/O.
    private var headers: [PhotoSource: ImageHeader] = [:]
    private var reported: Set<PhotoSource> = []
    private var problemLog: [PhotoProblem] = []
    /// Pixel bytes of the decodes still running, as their headers foretell (`decoded` counts them
    /// once done).
    private var decodingBytes = 0
    /// The conversions running, by decode: a worker waiting for one takes a share of it.
    private var conversions: [DecodeIdentity: SharedConversion] = [:]
    /// The next of `plan.upcoming` to consider decoding ahead.
    private var nextUpcoming = 0
    /// Decodes run so far (a photo evicted before its last use counts again).
    public private(set) var decodeCount = 0
    /// Photos given as pixels (the library's), by the path the scene names them with: one more
    /// source, never read or decoded.
    private let given: [String: DecodedImage]
    /// Threads one decode may use (the run's jobs): a HEIC grid decoding alone takes the cores the
    /// others would (DecodeOptions.threads).
    private let decodeThreads: Int

    /// A cache for `plans`, each with the scene that made it; `given` holds photos already decoded,
    /// by the paths the scenes name them with; `jobs`, the threads of the run.
    public init(
        plans: [(plan: FramePlan, scene: Scene)], capacityBytes: Int = Renderer.defaultCacheBytes,
        given: [String: DecodedImage] = [:], jobs: Int = 1
    ) {
        plan = DecodePlan(plans: plans)
        decoded = DecodedPhotos(capacityBytes: capacityBytes)
        self.given = given
        decodeThreads = max(1, jobs)
    }

    /// The decoded photo, decoding it if no other frame has yet, held until the lease ends. A probe
    /// passes `consumingUse: false`: its lease is not one of the plan's uses.
    public func acquire(_ key: PhotoKey, consumingUse: Bool = true) -> PhotoLease {
        PhotoLease(key: key, result: hold(key), cache: self, consumesUse: consumingUse)
    }

    /// The photo `reservation` promised, held until the lease ends; the reservation is spent.
    public func acquire(_ reservation: consuming PhotoReservation) -> PhotoLease {
        let lease = acquire(reservation.key)
        _ = consume reservation  // after the hold is taken, so the decode is never unprotected
        return lease
    }

    /// One more hold of `key`'s decode, decoding it if no other frame has yet.
    private func hold(_ key: PhotoKey) -> Result<DecodedImage, DecodeError> {
        if let image = given[key.path] { return .success(image) }
        condition.lock()
        defer { condition.unlock() }
        let (identity, bytes) = resolve(key)
        while true {
            switch decoded[identity] {
            case .decoding:
                if let conversion = conversions[identity] {
                    condition.unlock()
                    let helped = conversion.help()
                    condition.lock()
                    if helped { continue }
                }
                // Rather than idle while another worker decodes this photo, decode one that frames
                // will need later. Either may have let go of the lock (to read or decode), so look
                // again before waiting: the decode waited for may have finished meanwhile.
                if decodeAhead() { continue }
                guard case .decoding = decoded[identity] else { continue }
                condition.wait()
            case .ready:
                if var taken = decoded.takeForConversion(identity) {
                    // Counted as decoding meanwhile, so that no decode ahead overshoots the cap.
                    let size = taken.image.image.pixels.count
                    decodingBytes += size
                    condition.unlock()
                    convert(&taken.image, as: identity)
                    condition.lock()
                    decodingBytes -= size
                    decoded.store(.success(taken.image), as: identity, users: taken.users)
                    record(.success(taken.image), for: identity.source)
                    condition.broadcast()
                    continue  // the prefetch's reservation keeps it until the hold is taken
                }
                if let result = decoded.hold(identity) { return result }
            case nil:
                return decode(key, as: identity, bytes: bytes, users: 1)
            }
        }
    }

    /// Does the colour conversion `image`'s decode left, sharing its pixel loop with whoever waits for
    /// `identity` meanwhile. Lock not held.
    private func convert(_ image: inout DecodedImage, as identity: DecodeIdentity) {
        guard let transform = image.prepareColorConversion() else { return }
        image.image.pixels.withUnsafeMutableBufferPointer { pixels in
            let conversion = SharedConversion(transform, pixels: pixels)
            condition.lock()
            conversions[identity] = conversion
            condition.broadcast()
            condition.unlock()
            conversion.finish()
            condition.lock()
            conversions[identity] = nil
            condition.unlock()
        }
    }

    /// Starts `key`'s decode, if no one has, without waiting for it: the frame's first `acquire` of it
    /// does its colour conversion, on whichever worker that is (while the one that decoded goes on to
    /// its next photo). The reservation keeps the decode from being evicted until it is spent by
    /// `acquire` or dropped; nil for a photo given as pixels.
    public func prefetch(_ key: PhotoKey) -> PhotoReservation? {
        guard given[key.path] == nil else { return nil }
        condition.lock()
        defer { condition.unlock() }
        let (identity, bytes) = resolve(key)
        decoded.reserve(identity)
        if decoded[identity] == nil { _ = decode(key, as: identity, bytes: bytes, users: 0, deferringConversion: true) }
        return PhotoReservation(key: key, cache: self)
    }

    /// A lease of `key` ended (PhotoLease's deinit). With `consumingUse` it was one of the planned
    /// uses; once a photo has none left, its decodes are dropped.
    func endHold(_ key: PhotoKey, consumingUse: Bool) {
        condition.lock()
        defer { condition.unlock() }
        let held = identities[key].map { decoded.letGo($0) } ?? false
        if consumingUse { consume(key) }
        if held { decoded.evictOverCapacity() }
    }

    /// A reservation of `key` was spent or dropped (PhotoReservation's deinit): the decode is no longer
    /// promised to it, and goes if nothing else keeps it.
    func endReservation(_ key: PhotoKey) {
        condition.lock()
        defer { condition.unlock() }
        guard let identity = identities[key] else { return }
        decoded.unreserve(identity)
        if !plan.isNeeded(identity.source) { decoded.dropIdle(of: identity.source) }
        decoded.evictOverCapacity()
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
        return decoded.residentBytes
    }

    /// What `key` decodes to, reading the file's headers on its first request (later boxes for the
    /// same photo reuse them); the file's bytes too when they were read just now. Lock held; it is
    /// let go during the read.
    private func resolve(_ key: PhotoKey) -> (DecodeIdentity, Result<[UInt8], DecodeError>?) {
        if let known = identities[key] { return (known, nil) }
        let source = PhotoSource(key)
        var bytes: Result<[UInt8], DecodeError>?
        var header = headers[source]
        if header == nil {
            condition.unlock()
            let read = Result { () throws(DecodeError) in
                try ImageDecoder.readPhoto(atPath: key.path, budget: key.budget)
            }
            let parsed = ImageHeader((try? read.get()) ?? [])
            condition.lock()
            bytes = read
            header = headers[source] ?? parsed
            headers[source] = header
        }
        let identity = DecodeIdentity(source: source, scaleEighths: header?.decodeScale(options: key.options))
        identities[key] = identity
        return (identity, bytes)
    }

    /// Decodes `key` as `identity` (read from `bytes` when given) and stores the result with
    /// `users` holders; `deferringConversion` leaves its colour conversion to the first `acquire`.
    /// Lock held; it is let go during the decode.
    private func decode(
        _ key: PhotoKey, as identity: DecodeIdentity, bytes: Result<[UInt8], DecodeError>?, users: Int,
        deferringConversion: Bool = false
    ) -> Result<DecodedImage, DecodeError> {
        let header = headers[identity.source]
        var options = key.options
        options.threads = decodeThreads
        options.defersColorConversion = deferringConversion
        options.region = identity.scaleEighths.flatMap { scale in
            header.flatMap { plan.region(of: identity.source, scale: scale, header: $0) }
        }
        decoded.startDecoding(identity)
        decodeCount += 1
        let foretold = foretoldBytes(identity) ?? 0
        decodingBytes += foretold
        condition.unlock()
        let result = Result { () throws(DecodeError) in
            // Read again when this key was resolved earlier and its decode since dropped.
            let data: [UInt8]
            if let bytes {
                data = try bytes.get()
            } else {
                data = try ImageDecoder.readPhoto(atPath: key.path, budget: key.budget)
            }
            return try ImageDecoder.decode(data, options: options)
        }
        condition.lock()
        decodingBytes -= foretold
        decoded.store(result, as: identity, users: users)
        // A conversion left to the first acquire may add warnings: recorded once it is done.
        if (try? result.get())?.pendingColorSpace == nil { record(result, for: identity.source) }
        condition.broadcast()
        return result
    }

    /// The pixel bytes `identity`'s whole decode will hold, when its header tells (a JPEG's does).
    private func foretoldBytes(_ identity: DecodeIdentity) -> Int? {
        guard let scale = identity.scaleEighths,
            let size = headers[identity.source]?.decodedSize(scaleEighths: scale)
        else { return nil }
        return size.width * size.height * 4
    }

    /// Decodes the next photo planned frames will use that is neither decoded nor being decoded,
    /// when its pixels fit under the cap; whether it did. Lock held.
    private func decodeAhead() -> Bool {
        while nextUpcoming < plan.upcoming.count {
            let key = plan.upcoming[nextUpcoming]
            if !plan.isNeeded(PhotoSource(key)) || identities[key].map({ decoded[$0] != nil }) == true {
                nextUpcoming += 1
                continue
            }
            let (identity, bytes) = resolve(key)
            guard decoded[identity] == nil else { continue }
            // Only a JPEG's size is known before decoding (from its header); the decodes still
            // running count too, so workers deciding at once cannot overshoot the cap together.
            guard let size = foretoldBytes(identity),
                decoded.residentBytes + decodingBytes + size <= decoded.capacityBytes
            else { return false }
            nextUpcoming += 1
            _ = decode(key, as: identity, bytes: bytes, users: 0)
            return true
        }
        return false
    }

    /// One planned use of `key`'s photo is over; with none left, its idle decodes go. Lock held.
    private func consume(_ key: PhotoKey) {
        let source = PhotoSource(key)
        if plan.consume(source) { decoded.dropIdle(of: source) }
    }

    private func record(_ result: Result<DecodedImage, DecodeError>, for source: PhotoSource) {
        guard !reported.contains(source) else { return }
        reported.insert(source)
        switch result {
        case .failure(let error):
            problemLog.append(PhotoProblem(path: source.path, kind: .error(error)))
        case .success(let decoded):
            problemLog += decoded.warnings.map { PhotoProblem(path: source.path, kind: .warning($0)) }
        }
    }
}
