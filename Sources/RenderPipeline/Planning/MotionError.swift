import GalleryCore
import GalleryLayout

/// Why a motion could not be planned, with the data to say so.
public enum MotionError: Error, Sendable, CustomStringConvertible {
    /// A layout parameter, offset or deleted item is invalid.
    case layout(LayoutError)
    /// The layout a transition goes to does not fit the viewport with its own defaults.
    case endLayout(LayoutKind, LayoutError)
    /// The scene turned (width and height swapped) does not fit its layout's parameters.
    case rotatedLayout(LayoutError)
    /// `.rotate` of the line layout: its strip keeps its frame when the device turns (grid and flow
    /// are full-screen collection views that turn).
    case rotatedLine
    /// An animation would be more pixels in all than `MotionPlan.pixelBudget`.
    case animationTooLarge(frames: Int, size: PixelSize, limit: Int)
    /// A motion of `duration` seconds at `fps` would have more than `MotionTimeline.frameLimit` frames.
    case tooManyFrames(duration: Double, fps: Int)
    /// A fling would come to rest at `end`, outside the offsets a frame may have.
    case flingTooFar(end: Double)
    /// A motion the carousel types do not have (yet): `motion` names it.
    case notForCarousels(motion: String)
    /// A motion only the carousel types have (`scrollTo`): `motion` names it.
    case carouselsOnly(motion: String)
    /// A motion the page layouts do not have (yet): `motion` names it.
    case notForPages(motion: String)

    public var description: String {
        switch self {
        case .layout(let error): "\(error)"
        case .endLayout(let kind, let error): "\(kind.rawValue): its defaults do not fit the viewport (\(error))"
        case .animationTooLarge(let frames, let size, let limit):
            "the animation would be \(frames) frames of \(size) pixels: at most \(limit / 1_000_000) megapixels in all"
        case .rotatedLayout(let error): "turned to the other orientation, the layout does not fit (\(error))"
        case .rotatedLine:
            "a horizontal strip (the line layout, a compositional section) keeps its frame when the device turns: rotate a grid or a flow layout"
        case .tooManyFrames(let duration, let fps):
            "the motion lasts \(Self.whole(duration)) s, \(Self.whole(MotionTimeline.frameCount(duration: duration, fps: fps))) frames at \(fps) fps: at most \(MotionTimeline.frameLimit) frames"
        case .flingTooFar(let end):
            "the fling would come to rest at offset \(Self.whole(end)), past the ±\(Self.whole(LayoutError.offsetRange.upperBound)) pt a frame may have"
        case .notForCarousels(let motion): "the carousel types do not animate \(motion) in this version"
        case .carouselsOnly(let motion): "only the carousel types animate \(motion)"
        case .notForPages(let motion): "the page layouts do not animate \(motion) in this version"
        }
    }

    /// A large number rounded to a whole one for a message (`949871`, not `949871.2345`).
    private static func whole(_ value: Double) -> String {
        abs(value) < 9e15 ? String(Int64(value.rounded())) : "\(value)"
    }
}
