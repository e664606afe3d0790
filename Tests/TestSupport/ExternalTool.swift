import Foundation

/// A command-line tool from a Debian package the tests compare with (heif-enc, heif-convert, cwebp,
/// dwebp): its path when installed. `.ci/run` installs them; tests skip, saying so, without them.
public enum ExternalTool {
    /// `/usr/bin/NAME` when it is there.
    public static func path(_ name: String) -> String? {
        let path = "/usr/bin/" + name
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    public static func available(_ names: String...) -> Bool { names.allSatisfy { path($0) != nil } }

    /// Runs the tool; throws when it is missing or fails, with what it printed.
    @discardableResult
    public static func run(_ name: String, _ arguments: [String]) throws -> CommandRunner.Outcome {
        guard let path = path(name) else { throw Failure(message: "\(name) is not installed") }
        let outcome = try CommandRunner.run(arguments, executable: path)
        guard outcome.status == 0 else { throw Failure(message: "\(name) \(arguments): \(outcome.stderr)") }
        return outcome
    }

    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}
