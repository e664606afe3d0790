/// The times at which a motion's frames are taken: frame k is the state at t_k = min(k/fps, T_end)
/// for k = 0 … ⌈T_end·fps⌉, so the first frame is the start and the last the rest state (T_end = 0
/// gives one frame).
public enum MotionTimeline {
    /// The frame rates allowed.
    public static let fpsRange = 1...120

    /// t_0 … t_K for a motion of `duration` seconds at `fps`.
    public static func times(duration: Double, fps: Int) -> [Double] {
        let last = Int((max(0, duration) * Double(fps)).rounded(.up))
        return (0...last).map { min(Double($0) / Double(fps), duration) }
    }
}
