import GalleryCore

/// The Markdown job summary a check writes to `GITHUB_STEP_SUMMARY`: the counts, then a table of
/// failing frames with their counts, kept well under GitHub's 1 MiB limit.
public enum GitHubSummary {
    /// Rows beyond this many are counted, not listed.
    public static let rowLimit = 500
    /// The summary never exceeds this many bytes (GitHub refuses more than 1 MiB a step).
    public static let byteLimit = 512 << 10

    /// `incomplete`: why a merge does not hold every frame (a shard missing), said after the counts.
    public static func markdown(_ checks: [FrameCheck], title: String, incomplete: String? = nil) -> String {
        let failing = checks.filter(\.failed)
        var text =
            "### \(literal(title))\n\n**\(checks.count - failing.count) passed, \(failing.count) failed** of \(checks.count) frame\(checks.count == 1 ? "" : "s")\n"
        if let incomplete { text += "\n**Incomplete:** \(literal(incomplete))\n" }
        guard !failing.isEmpty else {
            return text
                + (incomplete == nil
                    ? "\nEvery frame matches its baseline.\n" : "\nEvery merged frame matches its baseline.\n")
        }
        text += "\n| frame | scene | status | different pixels | |\n|---|---|---|--:|---|\n"
        var listed = 0
        for check in failing.prefix(rowLimit) {
            var pixels = "—"
            if case .compared(let counts)? = check.comparison {
                pixels = "\(counts.diffPixels) of \(counts.totalPixels)"
            }
            let row =
                "| `\(code(check.path))` | \(literal(check.scene)) | \(check.failsOnlyByExpectations ? "expectations" : check.status.label) | \(pixels) | \(literal(check.message)) |\n"
            guard text.utf8.count + row.utf8.count < byteLimit - 200 else { break }
            text += row
            listed += 1
        }
        if listed < failing.count { text += "\n…and \(failing.count - listed) more failing frames (see the report).\n" }
        return text
    }

    /// A string from a file (a path, a photo's name, a profile's description) as literal Markdown text
    /// in a table cell: `< > &` as entities, Markdown punctuation and pipes backslash-escaped, control
    /// characters as `\xNN` (as on stderr), at most 300 characters. GitHub renders none of it as markup.
    static func literal(_ text: String) -> String {
        var out = ""
        for scalar in shortened(text).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\\", "`", "*", "_", "[", "]", "(", ")", "#", "!", "~", "|", "{", "}", "+", "-", ".", ":", "=":
                out += "\\" + String(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A string for a code span: no backticks (they would end it) or pipes (they split the row),
    /// control characters as `\xNN`; inside a code span nothing else is markup.
    static func code(_ text: String) -> String {
        var out = ""
        for scalar in shortened(text).unicodeScalars {
            switch scalar {
            case "`", "|": out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// At most 300 characters, control characters escaped as on stderr (`ShownText`).
    private static func shortened(_ text: String) -> String {
        let text = ShownText.escaping(text)
        return text.count > 300 ? String(text.prefix(299)) + "…" : text
    }
}
