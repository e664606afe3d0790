import ImageCodecs

/// The decodes held, with their holders and last use, capped at `capacityBytes`: idle decodes are
/// evicted least recently used first. A value the cache keeps under its lock.
struct DecodedPhotos: Sendable {
    enum Entry: Sendable {
        case decoding
        case ready(Result<DecodedImage, DecodeError>, bytes: Int, lastUse: Int, users: Int)
    }

    let capacityBytes: Int
    private(set) var entries: [DecodeIdentity: Entry] = [:]
    /// Holds promised by prefetches (PhotoReservation), each given back by `unreserve`: a reserved
    /// decode is not idle, so a frame's prefetched photos stay until it acquires them.
    private var reservations: [DecodeIdentity: Int] = [:]
    /// Pixel bytes of the ready decodes.
    private(set) var residentBytes = 0
    private var clock = 0

    init(capacityBytes: Int) { self.capacityBytes = capacityBytes }

    subscript(identity: DecodeIdentity) -> Entry? { entries[identity] }

    /// A decode of `identity` has started.
    mutating func startDecoding(_ identity: DecodeIdentity) { entries[identity] = .decoding }

    /// The decode of `identity` is done, held by `users`; then over-capacity idle decodes go.
    mutating func store(_ result: Result<DecodedImage, DecodeError>, as identity: DecodeIdentity, users: Int) {
        let size = (try? result.get()).map { $0.image.pixels.count } ?? 0
        clock += 1
        entries[identity] = .ready(result, bytes: size, lastUse: clock, users: users)
        residentBytes += size
        evictOverCapacity()
    }

    /// One more holder of `identity`'s ready decode; its result, or nil when it is not ready.
    mutating func hold(_ identity: DecodeIdentity) -> Result<DecodedImage, DecodeError>? {
        guard case .ready(let result, let size, _, let users) = entries[identity] else { return nil }
        clock += 1
        entries[identity] = .ready(result, bytes: size, lastUse: clock, users: users + 1)
        return result
    }

    /// A hold `identity`'s decode will get (whether it is decoded yet or not).
    mutating func reserve(_ identity: DecodeIdentity) { reservations[identity, default: 0] += 1 }

    /// A reservation of `identity` is over (spent after its hold was taken, or dropped).
    mutating func unreserve(_ identity: DecodeIdentity) {
        if let count = reservations[identity] { reservations[identity] = count > 1 ? count - 1 : nil }
    }

    /// `identity`'s ready decode when its colour conversion is still to do, taken out to be converted
    /// (the entry reads as decoding meanwhile; `store` puts it back); nil otherwise.
    mutating func takeForConversion(_ identity: DecodeIdentity) -> (image: DecodedImage, users: Int)? {
        guard case .ready(.success(let image), let size, _, let users) = entries[identity],
            image.pendingColorSpace != nil
        else { return nil }
        entries[identity] = .decoding
        residentBytes -= size
        return (image, users)
    }

    /// One holder fewer of `identity`'s ready decode; false when it is not ready.
    mutating func letGo(_ identity: DecodeIdentity) -> Bool {
        guard case .ready(let result, let size, let lastUse, let users) = entries[identity] else { return false }
        entries[identity] = .ready(result, bytes: size, lastUse: lastUse, users: users - 1)
        return true
    }

    /// Drops every idle decode of `source` (its planned uses are over).
    mutating func dropIdle(of source: PhotoSource) {
        for (identity, entry) in entries where identity.source == source && reservations[identity] == nil {
            if case .ready(_, let size, _, 0) = entry {
                entries[identity] = nil
                residentBytes -= size
            }
        }
    }

    /// Drops idle decodes, least recently used first, until the cap holds.
    mutating func evictOverCapacity() {
        while residentBytes > capacityBytes {
            let idle = entries.compactMap { identity, entry -> (DecodeIdentity, Int, Int)? in
                guard case .ready(_, let size, let lastUse, 0) = entry, size > 0, reservations[identity] == nil
                else { return nil }
                return (identity, size, lastUse)
            }
            guard let oldest = idle.min(by: { $0.2 < $1.2 }) else { return }
            entries[oldest.0] = nil
            residentBytes -= oldest.1
        }
    }
}
