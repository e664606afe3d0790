import Foundation

/// The Python the tests drive as an independent reader (Pillow): Debian's `/usr/bin/python3`, whose
/// `python3-pil` Tools/install-deps.sh installs, when it imports PIL; else `python3` on the PATH
/// (a pyenv or venv one may lack Pillow, and the tests that need it then skip, saying so).
public enum Python {
    /// The interpreter: a path, or `python3` found through /usr/bin/env.
    public static let command: [String] = {
        let debian = "/usr/bin/python3"
        if FileManager.default.isExecutableFile(atPath: debian),
            (try? CommandRunner.run(["-c", "import PIL"], executable: debian))?.status == 0
        {
            return [debian]
        }
        return ["/usr/bin/env", "python3"]
    }()

    /// Whether `import NAME` works in it (`PIL`, `PIL.ImageCms`).
    public static func imports(_ module: String) -> Bool {
        (try? run(["-c", "import \(module)"]))?.status == 0
    }

    /// Runs it with `arguments` in `directory`.
    public static func run(_ arguments: [String], in directory: String? = nil) throws -> CommandRunner.Outcome {
        try CommandRunner.run(Array(command.dropFirst()) + arguments, in: directory, executable: command[0])
    }
}
