import GalleryCore

/// One `check` after its frames were rendered: compare → explain → record → orphans, each step's
/// result returned as data for the command line (or a Swift caller) to say and report. The caller
/// holds the baseline folder's lock (shared to compare, exclusive to record or prune).
public struct CheckRun: Sendable {
    public let check: BaselineCheck
    public let mode: RecordMode
    /// Delete orphaned baselines, unless a scene failed.
    public let prune: Bool

    public init(_ check: BaselineCheck, mode: RecordMode, prune: Bool) {
        self.check = check
        self.mode = mode
        self.prune = prune
    }

    /// What the render produced, and what the manifest names.
    public struct Rendering: Sendable {
        /// This run's frames (a shard's share), in manifest order.
        public var frames: [PlannedFrame]
        /// Every frame path of the whole manifest, every shard's and failed scenes' too.
        public var everyFramePath: Set<String>
        /// Photo files and folders the manifest reads, and the report folder: never orphans.
        public var inputs: [String]
        /// The rendered frames' actual paths.
        public var rendered: Set<String>
        /// Scenes that failed, with why, in the order a message names them: those that could not be
        /// planned (they have no frames, and each is a failed case of its own), then those that
        /// failed to render.
        public var failedScenes: [FailedScene]
        /// The rendering's layout document of a frame path (`NAME.layout.json` beside its baseline).
        public var layout: @Sendable (String) -> String?

        public init(
            frames: [PlannedFrame], everyFramePath: Set<String>, inputs: [String], rendered: Set<String>,
            failedScenes: [FailedScene], layout: @escaping @Sendable (String) -> String?
        ) {
            self.frames = frames
            self.everyFramePath = everyFramePath
            self.inputs = inputs
            self.rendered = rendered
            self.failedScenes = failedScenes
            self.layout = layout
        }
    }

    /// A scene that failed, and why (`planned`: it has frames this run expected).
    public struct FailedScene: Sendable {
        public var name: String
        /// Why, each error as the plan or the render gave it.
        public var failures: [any Error & Sendable]
        public var planned: Bool

        public init(name: String, failures: [any Error & Sendable], planned: Bool) {
            self.name = name
            self.failures = failures
            self.planned = planned
        }

        /// As people read it: each failure's description, "; " between them.
        public var cause: String { failures.map { String(describing: $0) }.joined(separator: "; ") }
    }

    /// What became of the orphaned baselines.
    public enum Orphans: Sendable, Equatable {
        /// Found and left (no `prune`).
        case listed([String])
        /// Deleted, with their layouts: those whose layout was there too in `withLayouts`.
        case pruned([String], withLayouts: Set<String> = [])
        /// Found and kept: a scene failed, and a failed run never deletes baselines.
        case kept([String], failedScenes: [String])

        /// Those still in the baseline folder.
        public var remaining: [String] {
            switch self {
            case .listed(let paths), .kept(let paths, _): paths
            case .pruned: []
            }
        }
    }

    /// The run's verdicts and what it did to the baseline folder.
    public struct Outcome: Sendable {
        /// Every frame's verdict (recorded frames pass as `.recorded`), then each unplanned failed scene.
        public var checks: [FrameCheck]
        public var orphans: Orphans
    }

    /// Compares (unless recording all), explains differing frames by their layouts, records as
    /// `mode` asks (`recorded` hears of each baseline as it is written), then finds (or prunes)
    /// orphans.
    public func run(_ rendering: Rendering, recorded: (FrameCheck) -> Void = { _ in }) throws -> Outcome {
        var checks: [FrameCheck]
        if mode == .all {
            checks = rendering.frames.map { frame in
                let rendered = rendering.rendered.contains(check.images(of: frame.path).actual)
                return FrameCheck(
                    path: frame.path, scene: frame.scene, status: rendered ? .missingBaseline : .sceneFailed,
                    finding: .toRecord)
            }
        } else {
            checks = compare(rendering).map { explained($0, layout: rendering.layout) }
        }
        if mode != .never {
            checks = check.record(checks, mode: mode, layout: rendering.layout, written: recorded)
        }
        return Outcome(checks: checks, orphans: try orphans(rendering))
    }

    /// Every frame compared; each scene that failed before it was planned is one failed case.
    private func compare(_ rendering: Rendering) -> [FrameCheck] {
        let causes = Dictionary(rendering.failedScenes.filter(\.planned).map { ($0.name, $0.cause) }) { first, _ in
            first
        }
        return check.compare(rendering.frames, rendered: rendering.rendered, sceneFailures: causes)
            + rendering.failedScenes.filter { !$0.planned }.map {
                FrameCheck(
                    path: $0.name, scene: $0.name, status: .sceneFailed, finding: .sceneNotPlanned(cause: $0.cause))
            }
    }

    /// `frame` with what moved, when it differs and its baseline has a layout (`NAME.layout.json`).
    private func explained(_ frame: FrameCheck, layout: (String) -> String?) -> FrameCheck {
        guard frame.status == .different, let actual = layout(frame.path),
            let file = try? ContainedPath(FramePath.layoutPath(of: frame.path), in: check.baseline),
            let bytes = try? file.contents(limit: LayoutDiff.byteLimit),
            let changes = LayoutDiff.changes(expected: String(decoding: bytes, as: UTF8.self), actual: actual)
        else { return frame }
        return frame.explained(by: changes)
    }

    /// The baselines no frame of the whole manifest reads (a scene that failed keeps its baselines);
    /// with `prune` deleted, with their layouts, unless a scene failed.
    private func orphans(_ rendering: Rendering) throws -> Orphans {
        let found = BaselineOrphans.find(
            in: check.baseline, frames: rendering.everyFramePath, inputs: rendering.inputs)
        var seen: Set<String> = []
        let failed = rendering.failedScenes.map(\.name).filter { seen.insert($0).inserted }
        guard prune else { return .listed(found) }
        guard failed.isEmpty else { return .kept(found, failedScenes: failed) }
        var withLayouts: Set<String> = []
        for orphan in found {
            try BaselineOrphans.remove(orphan, in: check.baseline)
            // An orphaned PNG takes its layout with it; an orphaned layout is alone.
            if FramePath.baselinePath(ofLayout: orphan) == nil,
                (try? BaselineOrphans.remove(FramePath.layoutPath(of: orphan), in: check.baseline)) != nil
            {
                withLayouts.insert(orphan)
            }
        }
        return .pruned(found, withLayouts: withLayouts)
    }
}
