/// What `diff` writes besides its exit status.
struct DiffOutputOptions: OptionGroup {
    static let declared = DiffOutputOptions()

    let diffImage = Option<String>(
        "diff-image", value: "path",
        help: "Write the diff image: unchanged pixels faded grey, differences red, anti-aliasing yellow.",
        check: .nonEmpty, completion: .file)
    let json = Flag(
        "json", help: "Print {\"match\", \"diffPixels\", \"totalPixels\", \"ratio\", \"width\", \"height\"}.")
}
