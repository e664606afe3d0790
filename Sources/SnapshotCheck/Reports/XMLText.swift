import GalleryCore

/// Escaping for XML and HTML text and attributes: markup escaped, control characters (but for a
/// newline and a tab) as "?", noncharacters (U+FFFE and U+FFFF, which XML 1.0 forbids; those a
/// name's undecodable bytes are held as) as U+FFFD, and bidirectional controls and line separators
/// as `\u{202E}`, as the terminal shows them (found by review: a photo's name turned the rest of a
/// report's message backwards).
public enum XMLText {
    public static func escape(_ text: String) -> String {
        var out = ""
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case _ where character.value < 0x20 && character != "\n" && character != "\t": out += "?"
            case _ where character.properties.isNoncharacterCodePoint: out += "\u{FFFD}"
            case _ where LayoutControls.contains(character): out += LayoutControls.escaped(character)
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
