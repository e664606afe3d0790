import Foundation
import GalleryCore

/// A GitHub Actions `::error` workflow command, with its properties and message escaped as the runner
/// expects (`%`, CR, LF everywhere; `:` and `,` in properties too), bidirectional controls as
/// `\u{202E}` (`LayoutControls`).
public struct GitHubAnnotation: Sendable {
    /// The file it points at; nil for one of the whole run (a merge missing a shard).
    public let file: String?
    public let title: String
    public let message: String

    public init(file: String?, title: String, message: String) {
        self.file = file
        self.title = title
        self.message = message
    }

    public var line: String {
        "::error \(file.map { "file=\(Self.property($0))," } ?? "")title=\(Self.property(title))::\(Self.data(message))\n"
    }

    public static func data(_ text: String) -> String {
        LayoutControls.escaping(text).replacingOccurrences(of: "%", with: "%25").replacingOccurrences(
            of: "\r", with: "%0D"
        )
        .replacingOccurrences(of: "\n", with: "%0A")
    }

    public static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
