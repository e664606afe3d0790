import ImageCodecs

/// A decoded photo held from `PhotoCache.acquire` until the lease ends: its decode is not evicted
/// meanwhile. Ending it (`end()`, or letting it go out of scope) lets go of the hold exactly once and,
/// for a frame's lease, counts one planned use of the photo as done.
public struct PhotoLease: ~Copyable, Sendable {
    public let key: PhotoKey
    /// The photo, or why it could not be decoded.
    public let result: Result<DecodedImage, DecodeError>
    let cache: PhotoCache
    /// Whether ending it is one of the plan's uses (a frame's) or not (the probe's).
    let consumesUse: Bool

    /// Ends the lease now rather than at the end of its scope.
    public consuming func end() {}

    deinit { cache.endHold(key, consumingUse: consumesUse) }
}

/// A hold promised by `PhotoCache.prefetch`: until it is spent or dropped, the decode the prefetch
/// started is not evicted. Only `PhotoCache.acquire(_:)` spends it; one dropped unspent (its frame
/// failed before drawing the photo) gives the promise back.
public struct PhotoReservation: ~Copyable, Sendable {
    public let key: PhotoKey
    let cache: PhotoCache

    deinit { cache.endReservation(key) }
}
