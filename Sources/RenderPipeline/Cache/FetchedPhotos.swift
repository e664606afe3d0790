import Foundation
import Raster

/// The photos of one frame's items, fetched by some workers and waited for by others. Unchecked
/// Sendable, and safe: its state is touched only with `condition` held (a condition variable, which
/// `Locked` has not).
final class FetchedPhotos: @unchecked Sendable {
    private enum Slot {
        /// How to get the photo: run once, by the first worker to wait for it.
        case offered(() -> PhotoPart?)
        case getting
        case filled(PhotoPart?)
    }

    private let condition = NSCondition()
    private var slots: [Int: Slot] = [:]

    /// Records item `index`'s photo (nil: draw the placeholder) and wakes whoever waits for it.
    func fill(_ index: Int, _ photo: PhotoPart?) {
        condition.lock()
        slots[index] = .filled(photo)
        condition.broadcast()
        condition.unlock()
    }

    /// Records how to get item `index`'s photo: the first `wait` for it runs `get` (only while the
    /// frame's fetching call lasts: `get` may capture what that call was given).
    func offer(_ index: Int, _ get: @escaping () -> PhotoPart?) {
        condition.lock()
        slots[index] = .offered(get)
        condition.broadcast()
        condition.unlock()
    }

    /// Item `index`'s photo, once `fill` has recorded it or this worker has got what `offer` said.
    func wait(_ index: Int) -> PhotoPart? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch slots[index] {
            case .filled(let photo):
                return photo
            case .offered(let get):
                slots[index] = .getting
                condition.unlock()
                let photo = get()
                condition.lock()
                slots[index] = .filled(photo)
                condition.broadcast()
                return photo
            case .getting, nil:
                condition.wait()
            }
        }
    }
}
