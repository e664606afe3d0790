import VisualDiff

/// The verdict on one frame of a `check` run.
struct FrameCheck: Sendable {
    enum Status: String, Sendable {
        case passed, different, missingBaseline = "missing baseline", unreadable, sceneFailed = "scene failed"
        /// The baseline was missing and `--record-missing` wrote it: a pass.
        case recorded
    }

    /// Path relative to the baseline folder, e.g. `scroll/0003.png`.
    let path: String
    let scene: String
    let status: Status
    /// What people read: counts, sizes, or why.
    let message: String
    let comparison: Comparison?
    let seconds: Double

    var failed: Bool { status != .passed && status != .recorded }
}
