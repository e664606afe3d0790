import ImageCodecs
import Raster

/// The photos a set of frames shows, each decoded once, at the largest size any frame needs.
public struct DecodedPhotos: Sendable {
    /// The outcome per photo path.
    public private(set) var results: [String: Result<DecodedImage, DecodeError>]
    /// How many decodes ran (one per distinct photo).
    public private(set) var decodeCount: Int

    /// Decodes every photo `plans` show, on up to `jobs` threads.
    public init(for plans: [FramePlan], contentMode: ContentMode, budget: PixelBudget, jobs: Int) {
        let requests = PhotoRequest.merge(
            plans.flatMap { plan in plan.items.compactMap { item in item.photo.map { PhotoRequest(path: $0, box: item.box) } } })
        let fit: DecodeOptions.TargetFit = contentMode == .aspectFit ? .fit : .cover
        let outcomes = Parallel.map(requests, jobs: jobs) { request in
            Result { () throws(DecodeError) -> DecodedImage in
                try ImageDecoder.decodeFile(
                    atPath: request.path, options: DecodeOptions(budget: budget, targetSize: request.box, fit: fit))
            }
        }
        results = Dictionary(uniqueKeysWithValues: zip(requests.map(\.path), outcomes))
        decodeCount = requests.count
    }

    /// One line per photo that failed or decoded with warnings, in the order given: "PATH: reason".
    public var problems: [(path: String, message: String, isError: Bool)] {
        results.keys.sorted().flatMap { path -> [(String, String, Bool)] in
            switch results[path] {
            case .failure(let error): [(path, error.description, true)]
            case .success(let decoded): decoded.warnings.map { (path, $0, false) }
            case nil: []
            }
        }
    }

    /// The upright pixels of `path`, or nil when it could not be decoded.
    public func image(_ path: String) -> RGBAImage? {
        if case .success(let decoded) = results[path] { return decoded.image }
        return nil
    }
}
