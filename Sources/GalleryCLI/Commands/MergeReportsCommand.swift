import Foundation
import GalleryCore
import ImageCodecs
import SnapshotCheck

/// `gallery-render merge-reports DIR... --report OUT [--junit FILE]`: the report folders of sharded
/// `check` runs as one HTML report, one JUnit file and one results.json.
enum MergeReportsCommand: Subcommand {
    static let spec = CommandSpec(
        commandName: "gallery-render merge-reports",
        abstract: "Merge the report folders of sharded check runs into one HTML report, JUnit file and results.json.",
        arguments: [("reports", "Report folders written by check --report, each holding results.json.")],
        optionGroups: [
            (
                "OPTIONS",
                [
                    CheckOptions.declared.report.spec, CheckOptions.declared.junit.spec, RunOptions.declared.quiet.spec,
                    RunOptions.help.spec,
                ]
            )
        ],
        discussion:
            "Frames are listed in the manifest's order, as the shards recorded it; their images are copied into the new report and the counts summed.\nExit status: as check: 0 every frame passed, 1 a frame failed, 2 a frame's baseline could not be read in a shard, or an input is not a report (no results.json, another tool's, a version this build does not read, or a frame already in another input), 64 usage error.",
        usage: "gallery-render merge-reports <reports> ... --report <dir> [--junit <file>] [options]")

    /// `images` with each path taken from the report `folder` (relative paths joined to it).
    private static func located(_ images: ReportImages, in folder: String) -> ReportImages {
        func path(_ name: String?) -> String? { name.map { SystemPath.joined(folder, $0) } }
        return ReportImages(
            expected: path(images.expected), actual: path(images.actual), diff: path(images.diff),
            frames: images.frames.map { $0.map { located($0, in: folder) } }, thumbnail: path(images.thumbnail))
    }

    static func run(_ parsed: ParsedArguments, console: Console) throws -> ExitCode {
        let options = CheckOptions.declared
        guard let output = try parsed.read(options.report) else {
            throw UsageError.missingOption(options.report.spec)
        }
        let inputs = parsed.positionals
        guard !inputs.isEmpty else { throw UsageError.missingArgument("<reports> ...") }
        let junit = try parsed.read(options.junit)
        try checkOutputs(report: output, junit: junit, inputs: inputs)
        // The JUnit file among the merged report's own files (found by review: it replaced results.json).
        var guarded = WriteGuard()
        try guarded.writesReport(output, "--report \(output)")
        if let junit { try guarded.writes(junit, "--junit \(junit)") }
        EarlierVerdicts.empty(report: output, junit: junit)
        if let unwritable = EarlierVerdicts.unwritable(report: output, junit: junit) {
            throw CommandFailure(unwritable.description)
        }
        let read = try Inputs(inputs)
        let frames = read.frames
        // The shards' own title when they agree (one manifest), else what was merged.
        let title =
            read.titles.count == 1 && read.titles.first?.isEmpty == false
            ? read.titles.first ?? ""
            : "gallery-render check — merged from \(inputs.count) report\(inputs.count == 1 ? "" : "s")"
        let checks = ReportResults(frames: frames.map(\.frame), title: title).checks
        // A shard whose report is missing (its job died before saving it) fails the merge, which
        // would otherwise look whole (found by review).
        let incomplete = read.shards.flatMap(Self.missingShards)
        let sources = Dictionary(uniqueKeysWithValues: frames.map { ($0.frame.path, ($0.frame.images, $0.folder)) })
        let unwritten = CheckReporting.write(
            checks, report: output, junit: junit, title: title,
            suite: read.suites.count == 1 ? read.suites.first ?? "merged" : "merged",
            seconds: read.seconds, baseline: nil, orphans: Array(Set(read.orphans)).sorted(),
            order: Dictionary(frames.compactMap { entry in entry.frame.order.map { (entry.frame.path, $0) } }) { a, _ in
                a
            },
            shards: read.shards.map { Array(Set($0)).sorted() }, incomplete: incomplete,
            jobs: Processors.count,
            // Each image under its input's images/, opened by a walk from that folder, no link followed.
            open: { path throws(FileError) in
                guard
                    let input = inputs.first(where: {
                        SystemPath.dropping(SystemPath.joined($0, "") + "/", from: path) != nil
                    })
                else {
                    return try RegularFile(path: path)
                }
                return try ContainedPath.open(path, under: input, followingLastLink: false)
            }
        ) { check in
            guard let (images, folder) = sources[check.path] else { return ReportImages() }
            // ReportResults.read has checked each is a regular file under the input's images/.
            return Self.located(images, in: folder)
        }
        if unwritten.isEmpty { copyLayouts(of: frames, to: output) }
        CheckReporting.announce(checks, baseline: nil, title: title, incomplete: incomplete, console: console)
        if !unwritten.isEmpty { throw CommandFailure(messages: unwritten.map { $0.description }) }
        if checks.contains(where: { $0.status == .unreadable }) { return .cannotCompare }
        return checks.allSatisfy { !$0.failed } && incomplete == nil ? .success : .failure
    }

    /// The merged report is not an input, nor inside one (its images would land among the input's),
    /// and the JUnit file is not inside one (it would replace a file of an input, its results.json say).
    private static func checkOutputs(report output: String, junit: String?, inputs: [String]) throws(UsageError) {
        let options = CheckOptions.declared
        let resolved = URL(fileURLWithPath: output).standardizedFileURL.path
        if let same = inputs.first(where: {
            // Scalar for scalar: String's == takes "é" and "e" + U+0301 for one name.
            URL(fileURLWithPath: $0).standardizedFileURL.path.unicodeScalars.elementsEqual(resolved.unicodeScalars)
                || SystemPath.sameFile($0, output)
        }) {
            throw UsageError.rule(
                "\(options.report) \(output) is also an input (\(same)): write the merged report elsewhere")
        }
        if let outer = inputs.first(where: { SystemPath.isInside(output, folder: $0) }) {
            throw UsageError.rule(
                "\(options.report) \(output) is inside an input (\(outer)): write the merged report elsewhere")
        }
        if let junit, let outer = inputs.first(where: { SystemPath.isInside(junit, folder: $0) }) {
            throw UsageError.rule("\(options.junit) \(junit) is inside an input (\(outer)): write it elsewhere")
        }
    }

    /// The input reports read: their frames in the manifest's order, each with its folder, and what
    /// they add up to.
    private struct Inputs {
        var frames: [(frame: ReportResults.Frame, folder: String)] = []
        var seconds = 0.0
        var orphans: [String] = []
        var titles: Set<String> = []
        var suites: Set<String> = []
        /// The shards the inputs hold, each with its manifest; nil when an input is a report from
        /// before reports said which shard they were (then no shard can be said missing).
        var shards: [ReportResults.ShardEntry]? = []

        init(_ folders: [String]) throws {
            var owner: [String: String] = [:]
            var dealings: [String: String] = [:]
            for folder in folders {
                let results: ReportResults
                do { results = try ReportResults.read(folder: folder) } catch {
                    throw CommandFailure(messages: ["\(folder): \(error)"], code: .cannotCompare)
                }
                dealings[folder] = results.dealing
                for frame in results.frames {
                    if let other = owner[frame.path] {
                        let dealt = dealings[other].map { $0 != results.dealing } ?? false
                        let why = dealt ? " (the two shards were dealt from different --shard-weights)" : ""
                        throw CommandFailure(
                            messages: [
                                "\(folder): frame '\(frame.path)' is also in \(other): the same frame in two reports\(why)"
                            ],
                            code: .cannotCompare)
                    }
                    owner[frame.path] = folder
                    frames.append((frame, folder))
                }
                seconds += results.seconds
                // Another job's file: only paths a baseline folder could hold are kept.
                orphans += (results.orphans ?? []).filter { path in
                    !SystemPath.isAbsolute(path) && (path.hasSuffix(".png") || path.hasSuffix(".layout.json"))
                        && !SystemPath.components(path).contains("..")
                }
                titles.insert(results.title)
                suites.insert(results.suite ?? "merged")
                shards = results.declaredShards.flatMap { declared in shards.map { $0 + declared } }
            }
            // The manifest's order, as the shards recorded it (frames from a report without it last, by path).
            frames.sort { ($0.frame.order ?? .max, $0.frame.path) < ($1.frame.order ?? .max, $1.frame.path) }
        }
    }

    /// Why the inputs are not whole manifests' shards, every manifest said, in order: shards of N
    /// missing, or shards of two splits. Manifests are told apart by their SHA-256, however their
    /// path was typed; a report from before reports carried it goes with the one digest its name has.
    private static func missingShards(_ entries: [ReportResults.ShardEntry]) -> String? {
        let split = entries.filter { (Shard.parse($0.shard, environment: [:])?.count ?? 0) > 1 }
        var digests: [String: Set<String>] = [:]
        for entry in split { if let digest = entry.manifest { digests[entry.suite, default: []].insert(digest) } }
        func key(_ entry: ReportResults.ShardEntry) -> String {
            if let digest = entry.manifest { return digest }
            if let known = digests[entry.suite], known.count == 1, let digest = known.first { return digest }
            return "name " + entry.suite
        }
        let groups = Dictionary(grouping: split, by: key)
        let labels = groups.mapValues { $0.map(\.suite).min() ?? "" }
        let keysOfLabel = Dictionary(grouping: groups.keys, by: { labels[$0] ?? "" })
        var problems: [String] = []
        for (label, keys) in keysOfLabel.sorted(by: { $0.key < $1.key }) {
            let before = problems.count
            for key in keys.sorted() {
                let digest = key.hasPrefix("name ") ? "a report that gives no SHA-256" : "SHA-256 \(key.prefix(12))…"
                let named = keys.count > 1 ? "\(label) (\(digest))" : label
                if let problem = missing(groups[key] ?? [], of: named) { problems.append(problem) }
            }
            if keys.count > 1, problems.count > before {
                problems.append(
                    "the reports hold \(keys.count) different manifests named \(label): other files, or one edited between shards"
                )
            }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// The shards of one manifest (`label`) not among `split`, or its two splits, in words.
    private static func missing(_ split: [ReportResults.ShardEntry], of label: String) -> String? {
        var counts: [Int: Set<Int>] = [:]
        for entry in split {
            guard let shard = Shard.parse(entry.shard, environment: [:]) else { continue }
            counts[shard.count, default: []].insert(shard.index)
        }
        guard let (count, given) = counts.first, counts.count == 1 else {
            let sizes = counts.keys.sorted().map(String.init).joined(separator: " and ")
            return "the reports of \(label) are shards of \(sizes) jobs: merge one split's"
        }
        if Set(split.compactMap(\.dealing)).count > 1 {
            // Found by review: one job with weights, another with none, merged green with scenes unchecked.
            return
                "the shards of \(label) were dealt differently (from different --shard-weights): some scenes were checked twice or by no shard; give every shard the same weights, such as the last merged report's results.json"
        }
        let missing = (1...count).filter { !given.contains($0) }
        guard !missing.isEmpty else { return nil }
        let list = missing.map { "\($0)/\(count)" }.joined(separator: ", ")
        return
            "no report of shard\(missing.count == 1 ? "" : "s") \(list) of \(label): \(given.count) of \(count) shards merged (did a job fail before its report was saved?)"
    }

    /// The shards' layouts of their failed frames, for `accept` from the merged report; one that
    /// cannot be read or written only means accept writes no layout for that frame.
    private static func copyLayouts(of frames: [(frame: ReportResults.Frame, folder: String)], to output: String) {
        for (frame, folder) in frames where !frame.status.passes {
            let name = ReportFolder.layout(of: frame.path)
            guard let source = try? ContainedPath(name, in: folder), !source.isLink,
                let bytes = try? source.contents(limit: LayoutDiff.byteLimit),
                LayoutDiff.isLayout(String(decoding: bytes, as: UTF8.self))
            else { continue }
            try? ContainedPath.write(bytes, to: name, in: output)
        }
    }
}
