import Foundation
import ImageCodecs

/// A photo's colour conversion cut into parts of its pixels, which any worker waiting for the photo
/// takes a share of: the bytes do not depend on who converts which part. Unchecked Sendable, and
/// safe: its counters are touched only with `condition` held, and each part of the buffer by the one
/// worker that claimed it; the buffer outlives every part because `finish` waits for all of them.
final class SharedConversion: @unchecked Sendable {
    private let transform: ColorTransform
    private let pixels: UnsafeMutableBufferPointer<UInt8>
    private let parts: Int
    private let condition = NSCondition()
    private var claimed = 0
    private var done = 0

    /// A conversion of `pixels` (RGBA8) in `parts` parts; the caller keeps them alive until `finish`
    /// returns.
    init(_ transform: ColorTransform, pixels: UnsafeMutableBufferPointer<UInt8>, parts: Int = 16) {
        (self.transform, self.pixels, self.parts) = (transform, pixels, max(1, parts))
    }

    /// Converts parts no one has claimed yet; whether there were any.
    @discardableResult
    func help() -> Bool {
        var helped = false
        while true {
            condition.lock()
            guard claimed < parts else {
                condition.unlock()
                return helped
            }
            let part = claimed
            claimed += 1
            condition.unlock()
            let count = pixels.count / 4
            let range = (count * part / parts * 4)..<(count * (part + 1) / parts * 4)
            transform.apply(to: UnsafeMutableBufferPointer(rebasing: pixels[range]))
            condition.lock()
            done += 1
            condition.broadcast()
            condition.unlock()
            helped = true
        }
    }

    /// Converts parts until none is left, then waits for the parts others took.
    func finish() {
        help()
        condition.lock()
        while done < parts { condition.wait() }
        condition.unlock()
    }
}
