/// Characters that change how the text around them is shown rather than showing themselves:
/// bidirectional controls, which reorder the rest of a line (a photo named `c\u{202E}gpj.exe.jpg`
/// reads as `cgpj.exe.jpg` backwards), and line or paragraph separators, which break a line in many
/// log viewers. Names and messages come from pull requests, so the terminal, the HTML report, JUnit
/// and the step summary all show them escaped, as `\u{202E}`.
public enum LayoutControls {
    /// Whether `scalar` is one of them.
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\u{2028}", "\u{2029}", "\u{200E}", "\u{200F}", "\u{061C}", "\u{202A}"..."\u{202E}",
            "\u{2066}"..."\u{2069}":
            true
        default: false
        }
    }

    /// `\u{202E}`: how one is shown.
    public static func escaped(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// `text` with each of them escaped.
    public static func escaping(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: contains) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if contains(scalar) { out += escaped(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
