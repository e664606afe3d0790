import GalleryCore

/// Escaping for XML and HTML text and attributes: markup escaped, and every character as the
/// terminal shows it (`ShownText`: control characters as `\n` or `\x1B`, a name's undecodable bytes
/// as `\xNN`, bidirectional controls as `\u{202E}`; found by review: a photo's name turned the rest
/// of a report's message backwards, and a newline in a layout's string began a line of JUnit with
/// `::error::`), other noncharacters (which XML 1.0 forbids) as U+FFFD.
public enum XMLText {
    public static func escape(_ text: String) -> String {
        var out = ""
        for character in ShownText.escaping(text).unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case _ where character.properties.isNoncharacterCodePoint: out += "\u{FFFD}"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
