import TestSupport
import Testing

/// Runs `prefix + arguments` for each case and expects a usage error (exit 64) whose message holds
/// the case's text: the table-driven refusals of the command tests.
func expectUsageErrors(
    _ cases: [([String], String)], after prefix: [String] = ["layout", "--count", "5"],
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    for (arguments, message) in cases {
        let run = try CommandRunner.run(prefix + arguments)
        #expect(run.status == 64, "\(arguments)", sourceLocation: sourceLocation)
        #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)", sourceLocation: sourceLocation)
    }
}
