import Foundation

/// Runs the built `gallery-render` binary and captures what it did.
public enum CommandRunner {
    public struct Outcome: Sendable {
        public let status: Int32
        public let stdout: [UInt8]
        public let stderr: String
        public var output: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// The binary next to the test bundle (SwiftPM builds it, as the test target depends on it).
    public static let binary: String = {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [here, here.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("gallery-render").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return Corpus.repositoryRoot.appendingPathComponent(".build/debug/gallery-render").path
    }()

    /// Runs `gallery-render arguments` (or `executable arguments`) in `directory`, with `environment`
    /// added, and `input` through a pipe as its standard input (else none).
    public static func run(
        _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
        executable: String = binary, input: [UInt8]? = nil
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        try process.run()
        if let input, let inputPipe {
            // Written from a thread and closed, as a shell pipeline's writer would: a child that stops
            // reading early cannot block the test, nor end it with SIGPIPE, blocked in this thread
            // alone (ignoring it in the process would reach every child run after).
            Thread {
                var pipeSignal = sigset_t()
                sigemptyset(&pipeSignal)
                sigaddset(&pipeSignal, SIGPIPE)
                pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
                try? inputPipe.fileHandleForWriting.write(contentsOf: input)
                try? inputPipe.fileHandleForWriting.close()
            }.start()
        }
        // Read both pipes before waiting, so a large output cannot block the child.
        let errorData = Box()
        let reader = Thread { errorData.value = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let outputData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.done { usleep(1000) }
        return Outcome(
            status: process.terminationStatus, stdout: [UInt8](outputData),
            stderr: String(decoding: errorData.value ?? Data(), as: UTF8.self))
    }

    private final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var data: Data?
        private var finished = false
        var value: Data? {
            get { lock.withLock { data } }
            set {
                lock.withLock {
                    data = newValue; finished = true
                }
            }
        }
        var done: Bool { lock.withLock { finished } }
    }
}
