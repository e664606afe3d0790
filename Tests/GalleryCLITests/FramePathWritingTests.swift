import SnapshotCheck
import Testing

@testable import GalleryCLI

/// Every path a manifest writes a frame to is one a report may name (FramePath), or `accept` would
/// refuse the reports of its own runs.
@Suite struct FramePathWritingTests {
    @Test func everyOffsetsFramePathIsAFramePath() {
        var offsets: [Double] = [0, -0.0, 1, -1, 42.5, -20, 0.1, 1e-7, 1e15, 1e16, -1e-300, 1e300, 123.456]
        for step in stride(from: -400.0, through: 400.0, by: 0.25) { offsets.append(step) }
        for i in 1..<200 { offsets.append(Double(i) / 7) }
        for offset in offsets {
            let path = ManifestPlan.framePath(scene: "scroll.v2", offset: offset)
            #expect(FramePath.isFramePath(path), "\(path)")
        }
    }
}
