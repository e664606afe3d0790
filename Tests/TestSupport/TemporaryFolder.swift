import Foundation

/// A fresh folder under the system's temporary directory, removed by `remove()`.
public struct TemporaryFolder: Sendable {
    public let path: String

    public init() throws {
        path = NSTemporaryDirectory() + "gallery-render-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// `path/name`.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Writes `bytes` to `path/name` and returns the full path.
    @discardableResult
    public func write(_ bytes: [UInt8], to name: String) throws -> String {
        let full = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        return full
    }

    /// Names of the files in the folder, sorted.
    public func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// The sorted names in the folder at `path` (empty when it cannot be listed).
    public static func list(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
