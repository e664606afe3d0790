/// Escaping for XML and HTML text and attributes.
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
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
