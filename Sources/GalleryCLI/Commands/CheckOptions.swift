import SnapshotCheck

/// What `check` compares against, records and reports.
struct CheckOptions: OptionGroup {
    static let declared = CheckOptions()

    let baseline = Option<String>(
        "baseline", value: "dir", help: "Folder of baselines, at the same relative paths as batch writes.",
        check: .nonEmpty)
    let record = Flag("record", help: "Write every baseline instead of comparing (never use in CI).")
    let recordMissing = Flag(
        "record-missing", help: "Compare as usual, but write the baselines that are missing instead of failing on them."
    )
    let recordFailed = Flag(
        "record-failed",
        help:
            "Compare as usual, but rewrite the baselines of frames that differ, are missing or cannot be read; leave the others."
    )
    let prune = Flag(
        "prune", help: "With --record: delete the baselines no frame of the manifest reads (orphans).")
    let report = Option<String>(
        "report", value: "dir",
        help:
            "Write a self-contained HTML report (index.html) with expected, actual and diff images of each failing frame.",
        check: .nonEmpty)
    let junit = Option<String>(
        "junit", value: "file", help: "Write JUnit XML: one testcase per frame.", check: .nonEmpty)

    /// The record mode the flags ask for; at most one of them may be given.
    func recordMode(_ source: any OptionSource) throws(UsageError) -> RecordMode {
        let given: [(Flag, RecordMode)] = [(record, .all), (recordMissing, .missing), (recordFailed, .failed)].filter {
            source.isSet($0.0)
        }
        if given.count > 1 {
            throw UsageError(
                "Use one of \(given.map { "--\($0.0.spec.name)" }.joined(separator: ", ")), not several")
        }
        let mode = given.first?.1 ?? .never
        if source.isSet(prune), mode != .all {
            throw UsageError("--prune deletes orphaned baselines while recording: use it with --record")
        }
        return mode
    }
}
