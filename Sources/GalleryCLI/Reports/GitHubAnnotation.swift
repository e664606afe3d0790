import Foundation

/// A GitHub Actions `::error` workflow command, with its properties and message escaped as the runner
/// expects (`%`, CR, LF everywhere; `:` and `,` in properties too).
struct GitHubAnnotation: Sendable {
    let file: String
    let title: String
    let message: String

    var line: String {
        "::error file=\(Self.property(file)),title=\(Self.property(title))::\(Self.data(message))\n"
    }

    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
