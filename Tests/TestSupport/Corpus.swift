import Testing
import Foundation

/// The shared conformance corpus at `../shared/corpus`, next to the repository. Tests that need it
/// are disabled, saying so, when it is absent (a fresh clone elsewhere).
public enum Corpus {
    /// The repository root, found from this source file's location.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/corpus`, or the folder named by `GALLERY_CORPUS`.
    public static let root: URL = {
        if let custom = ProcessInfo.processInfo.environment["GALLERY_CORPUS"] {
            return URL(fileURLWithPath: custom)
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }()

    public static var isAvailable: Bool { FileManager.default.fileExists(atPath: root.path) }

    /// The reason shown when corpus tests are skipped.
    public static let skipReason: Comment = "../shared/corpus is absent: conformance tests skipped"

    /// The path of a corpus file, e.g. `path("jpeg/testorig.jpg")`.
    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The bytes of a corpus file.
    public static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: root.appendingPathComponent(relative)))
    }

    /// Names of the files in a corpus folder, sorted; empty when the corpus is absent.
    public static func files(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path(folder))) ?? []).sorted()
    }
}
