/// The Markdown job summary a check writes to `GITHUB_STEP_SUMMARY`: the counts, then a table of
/// failing frames with their counts, kept well under GitHub's 1 MiB limit.
public enum GitHubSummary {
    /// Rows beyond this many are counted, not listed.
    public static let rowLimit = 500
    /// The summary never exceeds this many bytes (GitHub refuses more than 1 MiB a step).
    public static let byteLimit = 512 << 10

    public static func markdown(_ checks: [FrameCheck], title: String) -> String {
        let failing = checks.filter(\.failed)
        var text =
            "### \(cell(title))\n\n**\(checks.count - failing.count) passed, \(failing.count) failed** of \(checks.count) frames\n"
        guard !failing.isEmpty else { return text + "\nEvery frame matches its baseline.\n" }
        text += "\n| frame | scene | status | different pixels | |\n|---|---|---|--:|---|\n"
        var listed = 0
        for check in failing.prefix(rowLimit) {
            var pixels = "—"
            if case .compared(let counts)? = check.comparison {
                pixels = "\(counts.diffPixels) of \(counts.totalPixels)"
            }
            let row =
                "| `\(cell(check.path))` | \(cell(check.scene)) | \(check.status.label) | \(pixels) | \(cell(check.message)) |\n"
            guard text.utf8.count + row.utf8.count < byteLimit - 200 else { break }
            text += row
            listed += 1
        }
        if listed < failing.count { text += "\n…and \(failing.count - listed) more failing frames (see the report).\n" }
        return text
    }

    /// Text safe in a table cell: no pipes, newlines or backticks, at most 300 characters.
    private static func cell(_ text: String) -> String {
        let flat = text.map { character -> Character in
            switch character {
            case "|", "\n", "\r", "`": " "
            default: character
            }
        }
        return flat.count > 300 ? String(flat.prefix(299)) + "…" : String(flat)
    }
}
