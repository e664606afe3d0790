import Testing

@testable import SnapshotCheck

/// Which frames each record mode writes, as swift-snapshot-testing's `.never`, `.missing`, `.failed`
/// and `.all` do (`.all` records every frame that was rendered, without comparing).
@Suite struct RecordModeTests {
    @Test func eachModeRecordsExactlyItsStatuses() {
        // Written out: the statuses each mode writes a baseline for.
        let expected: [RecordMode: Set<FrameCheck.Status>] = [
            .never: [], .missing: [.missingBaseline], .failed: [.missingBaseline, .different, .unreadable],
            .all: [.passed, .different, .missingBaseline, .unreadable, .recorded],
        ]
        for mode in RecordMode.allCases {
            let recorded = Set(FrameCheck.Status.allCases.filter { mode.records($0) })
            #expect(recorded == expected[mode], "\(mode)")
        }
    }

    @Test func aRecordedFrameIsNotAFailure() {
        #expect(!FrameCheck(path: "a.png", scene: "a", status: .recorded, finding: .toRecord).failed)
        #expect(FrameCheck(path: "a.png", scene: "a", status: .missingBaseline, finding: .toRecord).failed)
    }
}
