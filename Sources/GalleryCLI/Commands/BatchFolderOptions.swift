/// Where `batch` writes: the output folder and the summary.
struct BatchFolderOptions: OptionGroup {
    static let declared = BatchFolderOptions()

    let out = Option<String>(
        "out", value: "dir",
        help: "Output folder: DIR/NAME.png, or DIR/NAME/offset-120.png … (named by offset) for scenes with offsets.",
        check: .nonEmpty, completion: .directory)
    let summary = Option<String>(
        "summary", value: "file",
        help:
            "Write a JSON summary: per frame its path, offset, time and warnings; totals; marked interrupted until the run ends.",
        check: .nonEmpty, completion: .file)
}
