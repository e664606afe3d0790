/// Text from outside the tool (a file's name, a string of a manifest or a baseline's layout) as one
/// line that shows every character it holds: control characters as `\n`, `\r`, `\t` or `\x1B` (a
/// newline in a name could start a GitHub workflow command in a log; ESC and BEL drive a terminal),
/// a name's bytes that are not UTF-8 as `\xNN`, and bidirectional controls and line separators as
/// `\u{202E}` (`LayoutControls`). stderr, the HTML report, JUnit and the step summary show text so.
public enum ShownText {
    /// `text` with each such character escaped.
    public static func escaping(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where SystemPath.byte(scalar) != nil: out += hexEscape(SystemPath.byte(scalar) ?? 0)
            case _ where isControl(scalar): out += hexEscape(UInt8(scalar.value))
            case _ where LayoutControls.contains(scalar): out += LayoutControls.escaped(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `\xNN`, two upper-case hex digits: how a byte or control character is shown.
    public static func hexEscape(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "\\x" + (hex.count < 2 ? "0" + hex : hex)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || SystemPath.byte(scalar) != nil || LayoutControls.contains(scalar)
    }
}
