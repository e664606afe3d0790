import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the binary with `posix_spawn` and `wait4`, so a test can see that one child's own peak memory
/// and wall time, and can kill it mid-run.
///
/// The peak is the child's `VmHWM` (its own address space's high-water mark), read every millisecond
/// while it runs, not `wait4`'s `ru_maxrss`: glibc's `posix_spawn` shares the parent's address space
/// until `exec`, and the kernel then records that space's high-water mark as the child's, so
/// `ru_maxrss` reported the test runner's own peak whenever that was larger (1,147 MiB once, for a
/// child that peaks at 85).
public struct MeasuredProcess {
    public let pid: pid_t
    private let outputPath: String
    private let errorPath: String
    private let started = Date()

    public struct Outcome: Sendable {
        /// Exit status, or nil when killed by a signal.
        public let status: Int32?
        public let signal: Int32?
        public let peakMiB: Double
        public let seconds: Double
        public let stdout: String
        public let stderr: String
    }

    /// Starts `gallery-render arguments`, with `environment` added; output goes to files in `folder`.
    public init(_ arguments: [String], folder: TemporaryFolder, environment: [String: String] = [:]) throws {
        outputPath = folder.file(".stdout-\(UUID().uuidString)")
        errorPath = folder.file(".stderr-\(UUID().uuidString)")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([CommandRunner.binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let envp = variables.map { strdup("\($0)=\($1)") } + [nil]
        defer { envp.forEach { free($0) } }
        // The child starts with no signal blocked and the usual dispositions, whatever the test
        // thread had (a dispatch worker blocks signals, and a child would inherit that).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), standard = sigset_t()
        sigemptyset(&none)
        sigemptyset(&standard)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGXFSZ] { sigaddset(&standard, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &standard)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let status = posix_spawn(&child, CommandRunner.binary, &actions, &attributes, argv, envp)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
        pid = child
    }

    /// The `VmHWM` line of /proc/PID/status in KiB, or 0 when it cannot be read (the child has gone).
    private static func highWaterKiB(of pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0
    }

    /// Sends `signal` to the child.
    public func kill(_ signal: Int32) { _ = Glibc.kill(pid, signal) }

    /// Waits for the child and reports what it did.
    public func wait() -> Outcome {
        var status: Int32 = 0
        var usage = rusage()
        var peakKiB = 0
        while true {
            let waited = wait4(pid, &status, WNOHANG, &usage)
            if waited == pid || (waited < 0 && errno != EINTR) { break }
            peakKiB = max(peakKiB, Self.highWaterKiB(of: pid))
            usleep(1000)
        }
        let exited = status & 0x7F == 0
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        defer {
            unlink(outputPath)
            unlink(errorPath)
        }
        return Outcome(
            status: exited ? (status >> 8) & 0xFF : nil, signal: exited ? nil : status & 0x7F,
            peakMiB: Double(peakKiB) / 1024, seconds: Date().timeIntervalSince(started),
            stdout: read(outputPath), stderr: read(errorPath))
    }
}
