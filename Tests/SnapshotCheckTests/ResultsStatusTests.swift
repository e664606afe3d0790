import Foundation
import SnapshotCheck
import Testing

/// A frame's status in results.json is typed: read back as the enum, and a status this build does
/// not write is refused by its key, naming the ones it does.
@Suite struct ResultsStatusTests {
    static func results(status: String) -> String {
        """
        {"version": 1, "tool": "gallery-render", "title": "t", "seconds": 0,
         "totals": {"frames": 1, "passed": 1, "failed": 0},
         "frames": [{"path": "a.png", "scene": "a", "status": "\(status)", "message": "", "seconds": 0,
                     "failingFrames": [], "images": {}}]}
        """
    }

    static func read(_ text: String) throws(ReportResults.ReadError) -> ReportResults {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("status-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: folder.appendingPathComponent(ReportResults.fileName))
        return try ReportResults.read(folder: folder.path)
    }

    @Test(arguments: FrameCheck.Status.allCases) func everyStatusReadsBack(status: FrameCheck.Status) throws {
        let results = try Self.read(Self.results(status: status.rawValue))
        #expect(results.frames.map(\.status) == [status])
        #expect(results.checks.map(\.failed) == [!status.passes])
    }

    @Test func anUnknownStatusIsNamedByItsKey() {
        let error = #expect(throws: ReportResults.ReadError.self) { try Self.read(Self.results(status: "weird")) }
        guard case .invalid(let reason)? = error else {
            Issue.record("expected .invalid, got \(String(describing: error))")
            return
        }
        #expect(
            reason
                == "key 'frames[0].status' is \"weird\", not one of passed, different, missingBaseline, unreadable, sceneFailed, recorded"
        )
    }
}
