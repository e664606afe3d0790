import GalleryCore

/// The caption font when no `--font` is given: Inter, from Debian's fonts-inter, standing in for San
/// Francisco (which cannot be shipped). The files are checked against the SHA-256 of the package the
/// tool was built for (bookworm's 4.0~beta7+ds-1): another Inter draws other bytes, so a mismatch is
/// said, and refused under --strict.
public enum InterFont {
    /// The weights a caption can take, each an Inter file.
    public enum Weight: String, Sendable, Hashable, CaseIterable {
        case regular, semibold

        /// The file's name, and the SHA-256 of the one the tool was built for.
        public var file: (name: String, sha256: String) {
            switch self {
            case .regular: ("Inter-Regular.otf", "a7e791e8f5a0fb02b65663f7fca73e1d1ca9543f772ad480cbd76f4e3fe3f8cc")
            case .semibold: ("Inter-SemiBold.otf", "8c1990b6012254ea2b487161697d107357dd0ee55811cfd91c8c11227bbef457")
            }
        }
    }

    /// The folders looked in, in order: Debian's, then a local install's.
    public static let folders = ["/usr/share/fonts/opentype/inter", "/usr/local/share/fonts/opentype/inter"]

    /// The installed file of `weight`: the first folder that holds it.
    public static func path(of weight: Weight, exists: (String) -> Bool) throws(FontError) -> String {
        let candidates = folders.map { "\($0)/\(weight.file.name)" }
        guard let found = candidates.first(where: exists) else {
            throw FontError(path: weight.file.name, cause: .notInstalled(searched: folders))
        }
        return found
    }

    /// What was said of Inter files that are not the ones the tool was built for, once each.
    private static let unexpected = Locked(Set<String>())

    /// Notes `font` (opened as `weight`) when it is not the file the tool was built for.
    public static func check(_ font: Font, weight: Weight) {
        guard !isExpected(font, weight: weight) else { return }
        _ = unexpected.withLock {
            $0.insert(
                "\(font.path) is not the Inter the tool was built for (sha256 \(font.sha256), expected \(weight.file.sha256)): captions may differ from baselines recorded with Debian's fonts-inter"
            )
        }
    }

    /// The notes so far, sorted.
    public static var warnings: [String] { unexpected.withLock { $0.sorted() } }

    /// Whether `font` is the file of `weight` the tool was built for.
    public static func isExpected(_ font: Font, weight: Weight) -> Bool { font.sha256 == weight.file.sha256 }
}
