import ImageCodecs

/// What a batch of frames needs of one photo: the largest box any of its items is drawn into.
public struct PhotoRequest: Sendable, Hashable {
    public var path: String
    public var box: PixelSize

    /// Merges the needs of several items: a box that covers all of theirs.
    static func merge(_ requests: [PhotoRequest]) -> [PhotoRequest] {
        var largest: [String: PixelSize] = [:]
        var order: [String] = []
        for request in requests {
            if let current = largest[request.path] {
                largest[request.path] = PixelSize(
                    width: max(current.width, request.box.width), height: max(current.height, request.box.height))
            } else {
                largest[request.path] = request.box
                order.append(request.path)
            }
        }
        return order.compactMap { path in largest[path].map { PhotoRequest(path: path, box: $0) } }
    }
}
