import Foundation
import GalleryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
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
        /// `passed`, `different`, `missingBaseline`, `unreadable`, `sceneFailed` or `recorded`.
        public var status: String
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
            return Frame(
                path: check.path, scene: check.scene, status: check.status.rawValue, message: check.message,
                seconds: check.seconds, width: counts?.width, height: counts?.height, diffPixels: counts?.diffPixels,
                antiAliasedPixels: counts?.antiAliasedPixels, failingFrames: check.failingFrames,
                animationFrames: check.animationFrames.isEmpty ? nil : check.animationFrames, order: order[check.path],
                images: images[check.path] ?? ReportImages(),
                layoutChanges: check.layoutChanges.isEmpty ? nil : check.layoutChanges,
                layoutChangesOmitted: check.layoutChangesOmitted == 0 ? nil : check.layoutChangesOmitted)
        }
    }

    /// Results holding `frames` (merged from several runs); seconds are the writer's.
    public init(frames: [Frame], title: String = "") {
        version = Self.currentVersion
        tool = "gallery-render"
        self.title = title
        seconds = 0
        let failed = frames.filter { !["passed", "recorded"].contains($0.status) }.count
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
                "\(ReportResults.fileName) names an image that is not used (\(reason)): \(String(reflecting: path))"
            }
        }
    }

    /// The results in `folder`, every value checked: the folder comes from another job, so a frame's
    /// status must be one this build writes and each image a regular file under `folder/images/`
    /// (no absolute path, `..` or symlink).
    public static func read(folder: String) throws(ReadError) -> ReportResults {
        let bytes: [UInt8]
        do { bytes = try ContainedPath.contents(of: fileName, in: folder, limit: 256 << 20) } catch {
            throw .unreadable(error.description)
        }
        let header: Header
        do { header = try JSONDecoder().decode(Header.self, from: Data(bytes)) } catch {
            // Foundation refuses nesting past 512 levels as "not valid JSON": say what it is.
            let depth = Self.nestingDepth(bytes)
            throw .invalid(
                depth > 512 ? "nested \(depth) levels deep, past the 512 a reader takes" : Self.describe(error))
        }
        guard header.tool == "gallery-render" else { throw .foreign(tool: header.tool ?? "another tool") }
        guard let version = header.version else { throw .invalid("key 'version' is missing or null") }
        guard version == .number(Double(currentVersion)) else { throw .unknownVersion(version.description) }
        let results: ReportResults
        do { results = try JSONDecoder().decode(ReportResults.self, from: Data(bytes)) } catch {
            throw .invalid(ResultsNumberCheck.firstFault(in: bytes) ?? Self.describe(error))
        }
        var paths: Set<String> = []
        var images: [String: Int] = [:]
        for (number, frame) in results.frames.enumerated() {
            // Scene names have at most 128 characters, offsets' names a few dozen: a longer path is
            // none this tool wrote, and its report images' names would be too long to write.
            guard frame.path.utf8.count <= maximumPathBytes else {
                throw .invalid(
                    "key 'frames[\(number)].path' has \(frame.path.utf8.count) bytes, longer than any frame path this tool writes (\(maximumPathBytes))"
                )
            }
            // Only the names a manifest's frames get: no `./`, hidden file, other extension or
            // control character reaches a baseline folder, and one frame has one spelling.
            guard FramePath.isFramePath(frame.path) else {
                throw .invalid(
                    "key 'frames[\(number)].path' is \(String(reflecting: frame.path)), not a frame path this tool writes (NAME.png or NAME/offset-X.png)"
                )
            }
            guard paths.insert(frame.path).inserted else {
                throw .invalid("key 'frames[\(number)].path' is \"\(frame.path)\", a frame given twice")
            }
            for (name, count) in [
                ("width", frame.width), ("height", frame.height), ("diffPixels", frame.diffPixels),
                ("antiAliasedPixels", frame.antiAliasedPixels),
            ] {
                if let count, count < 0 {
                    throw .invalid("key 'frames[\(number)].\(name)' is \(count), below 0")
                }
            }
            guard FrameCheck.Status(rawValue: frame.status) != nil else {
                let known = FrameCheck.Status.allCases.map(\.rawValue).joined(separator: ", ")
                throw .invalid("key 'frames[\(number)].status' is \"\(frame.status)\", not one of \(known)")
            }
            for image in frame.images.all {
                try checkImage(image, in: folder)
                // Each image a report writes is shown in one place: copying one named many times
                // would fill a disk from a small report.
                if let first = images.updateValue(number, forKey: image) {
                    throw .unsafeImage(path: image, reason: "named again by frames[\(number)] after frames[\(first)]")
                }
            }
        }
        return results
    }

    /// `image` is a regular file (no symlink) in `folder/images/`, named as this tool names them.
    private static func checkImage(_ image: String, in folder: String) throws(ReadError) {
        guard ReportFolder.isImage(image) else {
            throw .unsafeImage(
                path: image, reason: "not a .png file in \(SystemPath.joined(folder, ReportFolder.images))")
        }
        let file: ContainedPath
        do { file = try ContainedPath(image, in: folder, lastLink: .replace) } catch {
            throw .unsafeImage(path: image, reason: error.description)
        }
        var status = stat()
        guard SystemPath.withCString(file.path, { lstat($0, &status) }) == 0 else {
            throw .unsafeImage(path: image, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            let kind = status.st_mode & S_IFMT == S_IFLNK ? "a symlink" : "not a regular file"
            throw .unsafeImage(path: image, reason: "\(file.path) is \(kind)")
        }
    }

    /// The top of a results.json, read first so that another tool's file or version is named as such.
    private struct Header: Decodable {
        var tool: String?
        var version: JSONNumberOrText?
    }

    /// A value read as it was written: a number, or anything else shown as JSON would show it.
    enum JSONNumberOrText: Decodable, Equatable, CustomStringConvertible {
        case number(Double)
        case other(String)

        init(from decoder: any Decoder) throws {
            // Each type is tried in turn: a mismatch is the answer "not this type", not a failure.
            let value = try decoder.singleValueContainer()
            if case .success(let number) = Result(catching: { try value.decode(Double.self) }) {
                self = .number(number)
            } else if case .success(let text) = Result(catching: { try value.decode(String.self) }) {
                self = .other("\"\(text)\" (a string)")
            } else if case .success(let flag) = Result(catching: { try value.decode(Bool.self) }) {
                self = .other("\(flag)")
            } else {
                self = .other(value.decodeNil() ? "null" : "an array or object")
            }
        }

        var description: String {
            switch self {
            case .number(let number): number == number.rounded() && abs(number) < 1e15 ? "\(Int(number))" : "\(number)"
            case .other(let text): text
            }
        }
    }

    /// The deepest nesting of arrays and objects in JSON text (brackets inside strings not counted).
    static func nestingDepth(_ bytes: [UInt8]) -> Int {
        var (depth, deepest, inString, escaped) = (0, 0, false, false)
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// A decoding failure as one line naming the key: "key 'frames[2].seconds' is not a number".
    private static func describe(_ error: any Error) -> String {
        func key(_ path: [any CodingKey]) -> String {
            path.reduce("") { text, key in
                if let index = key.intValue { return text + "[\(index)]" }
                return text.isEmpty ? key.stringValue : text + "." + key.stringValue
            }
        }
        func named(_ path: [any CodingKey]) -> String { path.isEmpty ? "the top level" : "key '\(key(path))'" }
        func kind(_ type: Any.Type) -> String {
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") { return "an object" }
            if type == String.self { return "a string" }
            if type == Bool.self { return "true or false" }
            return "a number"
        }
        switch error as? DecodingError {
        case .typeMismatch(let type, let context)?:
            return "\(named(context.codingPath)) is not \(kind(type))"
        case .valueNotFound(_, let context)?: return "\(named(context.codingPath)) is null"
        case .keyNotFound(let missing, let context)?:
            return "key '\(key(context.codingPath + [missing]))' is missing"
        case .dataCorrupted(let context)?:
            let reason = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "not valid JSON: \(reason ?? context.debugDescription)"
        default: return "\(error)"
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
                            matches: frame.status == FrameCheck.Status.passed.rawValue, identicalBytes: false))
                } else { nil }
            return FrameCheck(
                path: frame.path, scene: frame.scene, status: FrameCheck.Status(rawValue: frame.status) ?? .unreadable,
                message: frame.message, comparison: comparison, seconds: frame.seconds,
                failingFrames: frame.failingFrames, animationFrames: frame.animationFrames ?? [],
                layoutChanges: Array((frame.layoutChanges ?? []).prefix(LayoutDiff.changesKept)),
                // Clamped: the count comes from another run's file, and must not overflow here.
                layoutChangesOmitted: min(Int(Int32.max), max(0, frame.layoutChangesOmitted ?? 0))
                    + max(0, (frame.layoutChanges?.count ?? 0) - LayoutDiff.changesKept))
        }
    }
}
