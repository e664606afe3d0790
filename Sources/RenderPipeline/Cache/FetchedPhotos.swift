import Foundation
import Raster

/// The photos of one frame's items, fetched by some workers and waited for by others. Unchecked
/// Sendable, and safe: its state is touched only with `condition` held (a condition variable, which
/// `Locked` has not).
final class FetchedPhotos: @unchecked Sendable {
    private let condition = NSCondition()
    private var photos: [Int: PhotoPart?] = [:]

    /// Records item `index`'s photo (nil: draw the placeholder) and wakes whoever waits for it.
    func fill(_ index: Int, _ photo: PhotoPart?) {
        condition.lock()
        photos[index] = .some(photo)
        condition.broadcast()
        condition.unlock()
    }

    /// Item `index`'s photo, once `fill` has recorded it.
    func wait(_ index: Int) -> PhotoPart? {
        condition.lock()
        defer { condition.unlock() }
        while photos[index] == nil { condition.wait() }
        return photos[index] ?? nil
    }
}
