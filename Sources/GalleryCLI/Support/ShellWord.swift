import Foundation

/// Text as one word of a POSIX shell command line, for commands the tool suggests: as it is when it
/// holds only characters no shell treats specially, else in single quotes (a quote as '\'').
enum ShellWord {
    static func quoted(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "_./:=@%+,-".unicodeScalars.contains($0)
            }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
