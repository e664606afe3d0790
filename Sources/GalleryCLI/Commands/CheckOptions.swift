import SnapshotCheck

/// What `check` compares against, records and reports.
struct CheckOptions: OptionGroup {
    static let declared = CheckOptions()

    let baseline = Option<String>(
        "baseline", value: "dir", help: "Folder of baselines, at the same relative paths as batch writes.",
        check: .nonEmpty, completion: .directory)
    /// At most one of --record, --record-missing, --record-failed.
    let record = ExclusiveFlags<RecordMode>(
        [
            .init(Flag("record", help: "Write every baseline instead of comparing (never use in CI)."), .all),
            .init(
                Flag(
                    "record-missing",
                    help: "Compare as usual, but write the baselines that are missing instead of failing on them."),
                .missing),
            .init(
                Flag(
                    "record-failed",
                    help:
                        "Compare as usual, but rewrite the baselines of frames that differ, are missing or cannot be read; leave the others."
                ), .failed),
        ], absent: .never)
    let prune = Flag(
        "prune",
        help:
            "Delete the baselines no frame of the manifest reads (orphans), alone or with a record mode; never in a run where a scene failed."
    )
    let report = Option<String>(
        "report", value: "dir",
        help:
            "Write a self-contained HTML report (index.html) with expected, actual and diff images of each failing frame.",
        check: .nonEmpty, completion: .directory)
    let junit = Option<String>(
        "junit", value: "file", help: "Write JUnit XML: one testcase per frame.", check: .nonEmpty, completion: .file)

    /// The record mode the flags ask for.
    func recordMode(_ source: any OptionSource) throws(UsageError) -> RecordMode { try record.read(source) }
}
