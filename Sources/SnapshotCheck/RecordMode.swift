/// Which baselines a check writes, as swift-snapshot-testing's record modes. CI never records.
public enum RecordMode: Sendable, Hashable, CaseIterable {
    /// Compare every frame; write nothing (the default).
    case never
    /// Compare, and write the baselines that are missing.
    case missing
    /// Compare, and write the baselines of frames that differ, are missing or cannot be read.
    case failed
    /// Write the baseline of every frame rendered, compare nothing.
    case all

    /// Whether a frame with this status gets its baseline written in this mode.
    func records(_ status: FrameCheck.Status) -> Bool {
        switch self {
        case .never: false
        case .all: status != .sceneFailed
        case .missing: status == .missingBaseline
        case .failed: status == .missingBaseline || status == .different || status == .unreadable
        }
    }
}
