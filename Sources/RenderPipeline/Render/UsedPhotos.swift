import GalleryCore
import ImageCodecs

/// One frame's hold on its photos: the reservations its prefetches made, spent as it fetches them,
/// the leases its fetches took, ended together with `end()`, and the problems they met.
final class UsedPhotos: Sendable {
    /// A lease or reservation kept until the frame ends; `take` hands a reservation back once.
    private final class Kept<Value: ~Copyable>: @unchecked Sendable {
        // Unchecked Sendable, and safe: touched only with UsedPhotos' lock held, or after `end` took it.
        var value: Value?
        init(_ value: consuming Value) { self.value = consume value }
        func take() -> Value? { value.take() }
    }

    private struct State {
        var reserved: [PhotoKey: [Kept<PhotoReservation>]] = [:]
        var leases: [Kept<PhotoLease>] = []
        var found: Set<PhotoProblem> = []
    }

    private let state = Locked(State())

    /// Keeps a prefetch's reservation until the frame fetches that photo.
    func reserve(_ reservation: consuming PhotoReservation?) {
        guard let reservation else { return }
        let key = reservation.key
        let kept = Kept(reservation)
        state.withLock { $0.reserved[key, default: []].append(kept) }
    }

    /// The photo for `key` from `cache`, spending a reservation of it when the frame made one; the
    /// lease lasts until `end()`.
    func fetch(_ key: PhotoKey, from cache: PhotoCache) -> Result<DecodedImage, DecodeError> {
        let kept = state.withLock { $0.reserved[key]?.popLast() }
        let lease: PhotoLease
        if let reservation = kept?.take() { lease = cache.acquire(reservation) } else { lease = cache.acquire(key) }
        let result = lease.result
        let held = Kept(lease)
        state.withLock { state in
            state.leases.append(held)
            switch result {
            case .success(let decoded):
                state.found.formUnion(decoded.warnings.map { PhotoProblem(path: key.path, kind: .warning($0)) })
            case .failure(let error): state.found.insert(PhotoProblem(path: key.path, kind: .error(error)))
            }
        }
        return result
    }

    /// Ends every lease and gives back every reservation not spent (a frame that failed part-way).
    func end() {
        let (leases, reserved) = state.withLock { state in
            defer { (state.leases, state.reserved) = ([], [:]) }
            return (state.leases, state.reserved)
        }
        for kept in leases { _ = kept.take() }
        for kept in reserved.values.joined() { _ = kept.take() }
    }

    /// In a stable order, whatever order the items were fetched in.
    var problems: [PhotoProblem] { state.withLock { PhotoProblem.sorted(Array($0.found)) } }
}
