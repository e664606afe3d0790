import Foundation
import GalleryRender

/// What a snapshot assertion found.
public enum SnapshotVerdict: Equatable, Sendable {
    /// The frame matches its baseline under the criteria.
    case matches
    /// There was no baseline: the frame was written as one (check it in, on purpose).
    case recorded(URL)
    /// The frame differs: what `gallery-render diff` would say, and where the actual frame and the
    /// diff image were written.
    case differs(summary: String, actual: URL, diff: URL)
}

/// Renders `snapshot` at `offset` and compares it with the baseline `name`.png in `folder`, as
/// `gallery-render check` would: pixelmatch with `criteria`. A missing baseline is recorded.
public func verifySnapshot(
    _ snapshot: Snapshot, atOffset offset: Double, named name: String, in folder: URL,
    criteria: DiffCriteria = DiffCriteria()
) throws -> SnapshotVerdict {
    let png = try snapshot.png(atOffset: offset)
    let baseline = folder.appendingPathComponent("\(name).png")
    guard let expected = try? Data(contentsOf: baseline) else {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(png).write(to: baseline, options: .atomic)
        return .recorded(baseline)
    }
    let (comparison, diff) = try SnapshotDiff.compare(
        expected: [UInt8](expected), actual: png, criteria: criteria, diffImage: true)
    if comparison.matches { return .matches }
    let failures = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-failures")
    try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
    let actual = failures.appendingPathComponent("\(name).png")
    let diffURL = failures.appendingPathComponent("\(name)-diff.png")
    try Data(png).write(to: actual, options: .atomic)
    if let diff { try Data(try diff.pngData()).write(to: diffURL, options: .atomic) }
    return .differs(summary: comparison.summary, actual: actual, diff: diffURL)
}
