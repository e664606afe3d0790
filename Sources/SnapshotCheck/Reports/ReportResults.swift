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

    public static let currentVersion = 1
    public static let fileName = "results.json"

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
        public var images: ReportImages
    }

    /// The results of `checks`, with the images the HTML report wrote for them.
    public init(_ checks: [FrameCheck], images: [String: ReportImages], title: String, seconds: Double) {
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
                images: images[check.path] ?? ReportImages())
        }
    }

    /// Results holding `frames` (merged from several runs); title and seconds are the writer's.
    public init(frames: [Frame]) {
        version = Self.currentVersion
        tool = "gallery-render"
        title = ""
        seconds = 0
        let failed = frames.filter { !["passed", "recorded"].contains($0.status) }.count
        totals = Totals(frames: frames.count, passed: frames.count - failed, failed: failed)
        self.frames = frames
    }

    /// The file's bytes: pretty-printed, keys sorted, so the same run gives the same bytes.
    public func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)).map { Array($0) } ?? []) + [10]
    }

    /// Why a folder's results.json cannot be merged.
    public enum ReadError: Error, Sendable, CustomStringConvertible {
        case unreadable(String)
        case invalid(String)
        case foreign(tool: String)
        case unknownVersion(Int)

        public var description: String {
            switch self {
            case .unreadable(let reason): "cannot read \(ReportResults.fileName): \(reason)"
            case .invalid(let reason): "\(ReportResults.fileName) is not a gallery-render report: \(reason)"
            case .foreign(let tool): "\(ReportResults.fileName) was written by \(tool), not gallery-render"
            case .unknownVersion(let version):
                "\(ReportResults.fileName) is version \(version); this gallery-render reads version \(ReportResults.currentVersion)"
            }
        }
    }

    /// The results in `folder`.
    public static func read(folder: String) throws(ReadError) -> ReportResults {
        let bytes: [UInt8]
        do { bytes = try ImageDecoder.readBytes(atPath: folder + "/" + fileName, limit: 256 << 20) } catch {
            throw .unreadable(error.description)
        }
        struct Header: Decodable {
            var tool: String?
            var version: Int?
        }
        let header: Header
        do { header = try JSONDecoder().decode(Header.self, from: Data(bytes)) } catch {
            throw .invalid("not JSON: \(error.localizedDescription)")
        }
        guard header.tool == "gallery-render" else { throw .foreign(tool: header.tool ?? "another tool") }
        guard header.version == currentVersion else { throw .unknownVersion(header.version ?? 0) }
        do { return try JSONDecoder().decode(ReportResults.self, from: Data(bytes)) } catch {
            throw .invalid("\(error)")
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
                failingFrames: frame.failingFrames)
        }
    }
}
