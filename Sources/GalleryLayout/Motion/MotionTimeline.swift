/// The times at which a motion's frames are taken: frame k is the state at t_k = min(k/fps, T_end)
/// for k = 0 … ⌈T_end·fps⌉, so the first frame is the start and the last the rest state (T_end = 0
/// gives one frame).
public enum MotionTimeline {
    /// The frame rates allowed.
    public static let fpsRange = 1...120

    /// The most frames a motion may have (as many as `--offsets` may ask for): checked, with
    /// `frameCount`, before any frame is listed.
    public static let frameLimit = 100_000

    /// K + 1 = ⌈T_end·fps⌉ + 1, as a Double so that no duration overflows it. A product that is a
    /// whole number but for rounding (0.07 s at 100 fps is 7.000000000000001) counts as that number,
    /// as the user typed it (Tie), so no frame repeats the end.
    public static func frameCount(duration: Double, fps: Int) -> Double {
        let product = max(0, duration) * Double(fps)
        let whole = product.rounded()
        return (Tie.equal(product, whole, magnitude: max(1, whole)) ? whole : product.rounded(.up)) + 1
    }

    /// t_0 … t_K for a motion of `duration` seconds at `fps` (at most `frameLimit` frames: check
    /// `frameCount` first).
    public static func times(duration: Double, fps: Int) -> [Double] {
        let last = Int(min(frameCount(duration: duration, fps: fps), Double(frameLimit))) - 1
        return (0...last).map { min(Double($0) / Double(fps), duration) }
    }
}
