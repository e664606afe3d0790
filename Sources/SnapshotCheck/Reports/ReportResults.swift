import Foundation
import GalleryCore

import ImageCodecs
import VisualDiff

/// `results.json` of a report folder: every frame of a `check` run (or of merged runs) with its
/// status, counts and the report's image paths, for machines and for `merge-reports`. Versioned:
/// a reader refuses a version it does not know.
public struct ReportResults: Sendable, Codable {
    /// The format's version; this build writes and reads 1.
    public var version: Int
    /// Always "gallery-render": a results.json of another tool is refused.
    public var tool: String
    public var title: String
    public var seconds: Double
    public var totals: Totals
    public var frames: [Frame]
    /// Baselines no frame of the manifest read (an unsharded check lists them), relative to the
    /// baseline folder.
    public var orphans: [String]? = nil
    /// The shard the run checked, "K/N", when the manifest was split (absent otherwise): merge-reports
    /// tells a missing shard by it.
    public var shard: String? = nil
    /// The JUnit suite's name (the manifest as given), which a merge of one manifest's shards keeps.
    public var suite: String? = nil
    /// The manifest's SHA-256: shards are the same manifest's when theirs agree, however its path was
    /// typed (found by review: `./m.json` and `m.json` were two, two `m.json` of other folders one).
    public var manifest: String? = nil
    /// A merged report's shards, each with its manifest: merging merged reports still tells a
    /// missing shard.
    public var shards: [ShardEntry]? = nil
    /// A split manifest's dealing: the SHA-256 of which shard each scene went to. Shards dealt from
    /// different `--shard-weights` disagree, and between them checked some scenes twice or never.
    public var dealing: String? = nil

    /// One shard a report holds: its manifest (`suite` as named, `manifest` its SHA-256) and "K/N".
    public struct ShardEntry: Sendable, Codable, Hashable, Comparable {
        public var suite: String
        public var shard: String
        public var manifest: String?
        /// How its manifest's scenes were dealt (`ReportResults.dealing`).
        public var dealing: String?

        public init(suite: String, shard: String, manifest: String? = nil, dealing: String? = nil) {
            (self.suite, self.shard, self.manifest, self.dealing) = (suite, shard, manifest, dealing)
        }

        public static func < (a: Self, b: Self) -> Bool {
            (a.suite, a.shard, a.manifest ?? "") < (b.suite, b.shard, b.manifest ?? "")
        }
    }

    /// The shards this report declares: its `shards`, or its own `shard`; nil for a report from
    /// before reports said so (neither, nor a `suite`), whose shard cannot be told.
    public var declaredShards: [ShardEntry]? {
        if let shards { return shards }
        if let shard { return [ShardEntry(suite: suite ?? "", shard: shard, manifest: manifest, dealing: dealing)] }
        return suite == nil ? nil : []
    }

    public static let currentVersion = 1
    public static let fileName = ReportFolder.results
    /// The longest frame path read back, in bytes: a scene name (128) and a frame's file name.
    public static let maximumPathBytes = 200

    public struct Totals: Sendable, Codable, Equatable {
        public var frames: Int
        public var passed: Int
        public var failed: Int
    }

    public struct Frame: Sendable, Codable {
        /// Relative to the baseline folder, e.g. `scroll/0003.png`.
        public var path: String
        public var scene: String
        public var status: FrameCheck.Status
        public var message: String
        public var seconds: Double
        /// pixelmatch's counts, when the frame was compared.
        public var width: Int?
        public var height: Int?
        public var diffPixels: Int?
        public var antiAliasedPixels: Int?
        /// For an animation, the frames (0-based) that differ.
        public var failingFrames: [Int]
        /// For an animation that differs, every frame's count and verdict.
        public var animationFrames: [AnimationFrameResult]?
        /// The frame's place in its manifest (all shards counted), by which merged reports list frames.
        public var order: Int?
        public var images: ReportImages
        /// What moved, item by item, when the baseline had a layout.
        public var layoutChanges: [LayoutChange]?
        /// How many more items moved than `layoutChanges` lists (absent when none).
        public var layoutChangesOmitted: Int? = nil
        /// Pixels the scene's ignore regions left out, over all its frames (absent when none).
        public var ignoredPixels: Int? = nil
        /// The scene's failed expectations, each its own failure (absent when none failed).
        public var expectations: [String]? = nil
        /// True when the frame failed by its expectations alone (its pixels passed); absent otherwise.
        public var failsOnlyByExpectations: Bool? = nil
    }

    /// The results of `checks`, with the images the HTML report wrote for them and each frame's place
    /// in its manifest, by path.
    public init(
        _ checks: [FrameCheck], images: [String: ReportImages], title: String, seconds: Double,
        order: [String: Int] = [:]
    ) {
        version = Self.currentVersion
        tool = "gallery-render"
        self.title = title
        self.seconds = seconds
        let failed = checks.filter(\.failed).count
        totals = Totals(frames: checks.count, passed: checks.count - failed, failed: failed)
        frames = checks.map { check in
            var counts: Comparison.Counts?
            if case .compared(let c)? = check.comparison { counts = c }
            var frame = Frame(
                path: check.path, scene: check.scene, status: check.status, message: check.message,
                seconds: check.seconds, width: counts?.width, height: counts?.height, diffPixels: counts?.diffPixels,
                antiAliasedPixels: counts?.antiAliasedPixels, failingFrames: check.failingFrames,
                animationFrames: check.animationFrames.isEmpty ? nil : check.animationFrames, order: order[check.path],
                images: images[check.path] ?? ReportImages(),
                layoutChanges: check.layoutChanges.flatMap { $0.isEmpty ? nil : $0 },
                layoutChangesOmitted: check.layoutChangesOmitted == 0 ? nil : check.layoutChangesOmitted)
            frame.ignoredPixels = check.ignoredPixels == 0 ? nil : check.ignoredPixels
            frame.expectations = check.expectationFailures.isEmpty ? nil : check.expectationFailures
            frame.failsOnlyByExpectations = check.failsOnlyByExpectations ? true : nil
            return frame
        }
    }

    /// Results holding `frames` (merged from several runs); seconds are the writer's.
    public init(frames: [Frame], title: String = "") {
        version = Self.currentVersion
        tool = "gallery-render"
        self.title = title
        seconds = 0
        let failed = frames.filter { !$0.status.passes }.count
        totals = Totals(frames: frames.count, passed: frames.count - failed, failed: failed)
        self.frames = frames
    }

    /// The file's bytes: pretty-printed, keys sorted, so the same run gives the same bytes.
    public func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // JSONEncoder fails only on a number JSON cannot hold, and those are written as strings, so this
        // cannot fail; were it to, the file says so, and merge-reports and accept refuse it by name.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        do { return Array(try encoder.encode(self)) + [10] } catch {
            return Array(#"{"tool": "gallery-render", "version": 1, "error": "results could not be encoded"}"#.utf8)
                + [10]
        }
    }

    /// Why a folder's results.json cannot be merged.
    public enum ReadError: Error, Sendable, CustomStringConvertible {
        case unreadable(String)
        case invalid(String)
        case foreign(tool: String)
        case unknownVersion(String)
        /// A frame's image path that is not a regular file under the report's `images/`.
        case unsafeImage(path: String, reason: String)

        public var description: String {
            switch self {
            case .unreadable(let reason): "cannot read \(ReportResults.fileName): \(reason)"
            case .invalid(let reason): "\(ReportResults.fileName) is not a gallery-render report: \(reason)"
            case .foreign(let tool): "\(ReportResults.fileName) was written by \(tool), not gallery-render"
            case .unknownVersion(let version):
                "\(ReportResults.fileName) has version \(version); this gallery-render reads version \(ReportResults.currentVersion)"
            case .unsafeImage(let path, let reason):
                "\(ReportResults.fileName) names an image that cannot be used (\(reason)): \(String(reflecting: path))"
            }
        }
    }

    /// The frames as checks, for the HTML and JUnit writers.
    public var checks: [FrameCheck] {
        frames.map { frame in
            let comparison: Comparison? =
                if let width = frame.width, let height = frame.height, let diff = frame.diffPixels {
                    .compared(
                        .init(
                            width: width, height: height, diffPixels: diff,
                            antiAliasedPixels: frame.antiAliasedPixels ?? 0,
                            matches: frame.status == .passed, identicalBytes: false))
                } else { nil }
            // A frame that failed by its expectations alone passed as a frame: read back so.
            let expectationsOnly = frame.failsOnlyByExpectations == true && !(frame.expectations ?? []).isEmpty
            var check = FrameCheck(
                path: frame.path, scene: frame.scene, status: expectationsOnly ? .passed : frame.status,
                finding: .given(frame.message), comparison: comparison, seconds: frame.seconds,
                failingFrames: frame.failingFrames, animationFrames: frame.animationFrames ?? [],
                layoutChanges: frame.layoutChanges.map { Array($0.prefix(LayoutDiff.changesKept)) },
                // Clamped: the count comes from another run's file, and must not overflow here.
                layoutChangesOmitted: min(Int(Int32.max), max(0, frame.layoutChangesOmitted ?? 0))
                    + max(0, (frame.layoutChanges?.count ?? 0) - LayoutDiff.changesKept))
            check.ignoredPixels = min(Int(Int32.max), max(0, frame.ignoredPixels ?? 0))
            return check.expecting(Array((frame.expectations ?? []).prefix(Expectation.limit)))
        }
    }
}
