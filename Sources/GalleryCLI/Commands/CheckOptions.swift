/// What `check` compares against, records and reports.
struct CheckOptions: OptionGroup {
    static let declared = CheckOptions()

    let baseline = Option<String>(
        "baseline", value: "dir", help: "Folder of baselines, at the same relative paths as batch writes.")
    let record = Flag("record", help: "Write every baseline instead of comparing (never use in CI).")
    let recordMissing = Flag(
        "record-missing", help: "Compare as usual, but write the baselines that are missing instead of failing on them."
    )
    let report = Option<String>(
        "report", value: "dir",
        help:
            "Write a self-contained HTML report (index.html) with expected, actual and diff images of each failing frame."
    )
    let junit = Option<String>("junit", value: "file", help: "Write JUnit XML: one testcase per frame.")
}
