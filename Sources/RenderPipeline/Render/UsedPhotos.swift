import GalleryCore
import ImageCodecs

/// The photos a frame fetched, for releasing them afterwards, and their warnings.
final class UsedPhotos: Sendable {
    private let state = Locked<(fetched: [PhotoKey], found: Set<PhotoProblem>)>(([], []))

    func record(_ key: PhotoKey, _ result: Result<DecodedImage, DecodeError>) {
        state.withLock { state in
            state.fetched.append(key)
            switch result {
            case .success(let decoded):
                state.found.formUnion(decoded.warnings.map { PhotoProblem(path: key.path, kind: .warning($0)) })
            case .failure(let error): state.found.insert(PhotoProblem(path: key.path, kind: .error(error)))
            }
        }
    }

    var keys: [PhotoKey] { state.withLock { $0.fetched } }
    /// In a stable order, whatever order the items were fetched in.
    var problems: [PhotoProblem] { state.withLock { PhotoProblem.sorted(Array($0.found)) } }
}
