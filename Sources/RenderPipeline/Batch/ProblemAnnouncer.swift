import GalleryCore

/// Calls the problem callback once per problem, in the order the cache found them; the lock is held
/// during the calls, so lines never interleave.
final class ProblemAnnouncer: Sendable {
    private let announced = Locked(0)
    private let callback: @Sendable (PhotoProblem) -> Void

    init(_ callback: @escaping @Sendable (PhotoProblem) -> Void) { self.callback = callback }

    func flush(_ problems: [PhotoProblem]) {
        announced.withLock { announced in
            while announced < problems.count {
                callback(problems[announced])
                announced += 1
            }
        }
    }
}
