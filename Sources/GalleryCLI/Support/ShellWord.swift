import Foundation
import GalleryCore

/// Text as one word of a POSIX shell command line, for commands the tool suggests: as it is when it
/// holds only characters no shell treats specially, else in single quotes (a quote as '\''); a word
/// with control characters or bytes that are not UTF-8 (`SystemPath`) in $'…' with \xNN escapes, so a
/// pasted command names the real file.
enum ShellWord {
    static func quoted(_ text: String) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) }
        if text.unicodeScalars.contains(where: { SystemPath.byte($0) != nil || isControl($0) }) {
            var out = "$'"
            for scalar in text.unicodeScalars {
                // The bytes the word stands for, each as \xNN.
                let bytes =
                    SystemPath.byte(scalar).map { [$0] } ?? (isControl(scalar) ? Array(String(scalar).utf8) : [])
                for byte in bytes { out += ShownText.hexEscape(byte) }
                if !bytes.isEmpty { continue }
                if scalar == "\\" || scalar == "'" { out += "\\" }
                out.unicodeScalars.append(scalar)
            }
            return out + "'"
        }
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "_./:=@%+,-".unicodeScalars.contains($0)
            }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A path as a command-line word in a hint to copy: quoted, and `./` before a relative path that
    /// starts with `-`, so that pasted it is not read as an option.
    static func path(_ path: String) -> String {
        quoted(path.hasPrefix("-") ? "./" + path : path)
    }

    /// The manifest as a hint's command names it: `-` (standard input, piped again) as it is, a file
    /// as `path` words it (found by review: `check ./-` named a file that does not exist).
    static func manifest(_ path: String) -> String {
        path == "-" ? path : Self.path(path)
    }
}
