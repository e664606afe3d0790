import Foundation
import Typography

/// What `--version --verbose` says of the caption fonts: each Inter weight's file, and whether it is
/// the one the tool was built for (another Inter draws other bytes).
enum CaptionFontReport {
    static var lines: [String] {
        InterFont.Weight.allCases.map { weight in
            let name = weight.file.name
            guard let path = try? InterFont.path(of: weight, exists: { FileManager.default.fileExists(atPath: $0) })
            else { return "font \(weight.rawValue): \(name) not installed (Debian's fonts-inter)" }
            guard let font = try? Font.opened(path: path) else { return "font \(weight.rawValue): \(path) unreadable" }
            let verdict =
                InterFont.isExpected(font, weight: weight)
                ? "as the tool was built for" : "not the file the tool was built for (\(weight.file.sha256))"
            return "font \(weight.rawValue): \(path) (\(font.family) \(font.style), sha256 \(font.sha256): \(verdict))"
        }
    }
}
