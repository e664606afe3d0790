import Foundation
import GalleryCore
import SnapshotCheck

/// `--shard-weights FILE`: how long each scene took in a previous run, read from that run's
/// results.json (or the report folder holding it). The file comes from another job: every value is
/// checked, and a fault is a usage error naming the option, the key and why.
struct ShardWeights: Sendable, Equatable {
    /// Measured seconds by scene name: the sum of the scene's frames' seconds.
    let seconds: [String: Double]
    /// The file was empty: its run emptied it and ended before writing its own (killed, or failed
    /// early). No weights then, rather than a usage error every run after (found by review: the CI
    /// loop `--report r --shard-weights r` stayed stuck at exit 64 after one killed run).
    var unfinished = false

    /// The largest results.json read, in bytes.
    static let byteLimit = 256 << 20

    private struct Results: Decodable {
        let tool: String?
        let version: Int?
        let frames: [Frame]?
        struct Frame: Decodable {
            let scene: String
            let seconds: Double
        }
    }

    /// The weights in `path`: a results.json, or a report folder holding one.
    static func read(_ path: String, option: OptionSpec) throws(UsageError) -> ShardWeights {
        var isFolder: ObjCBool = false
        let file =
            FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
            ? SystemPath.joined(path, "results.json") : path
        let bytes: [UInt8]
        do { bytes = try RegularFile.contents(atPath: file, limit: byteLimit) } catch {
            throw .invalidValue(path, for: option, error.description)
        }
        if bytes.isEmpty {
            var none = ShardWeights(seconds: [:])
            none.unfinished = true
            return none
        }
        do { return try ShardWeights(bytes) } catch {
            throw .invalidValue(path, for: option, "\(file): \(error.reason)")
        }
    }

    /// Why a results.json gives no weights.
    struct Fault: Error {
        let reason: String
    }

    init(seconds: [String: Double]) { self.seconds = seconds }

    /// The weights in a results.json's bytes.
    init(_ bytes: [UInt8]) throws(Fault) {
        let results: Results
        do { results = try JSONDecoder().decode(Results.self, from: Data(bytes)) } catch {
            throw Fault(reason: "not a gallery-render results.json (\(ReportResults.describe(error)))")
        }
        guard results.tool == "gallery-render" else {
            throw Fault(reason: "not a gallery-render results.json (key 'tool' is not \"gallery-render\")")
        }
        guard results.version == ReportResults.currentVersion else {
            throw Fault(
                reason: "version \(results.version.map(String.init) ?? "missing"), not \(ReportResults.currentVersion)")
        }
        var seconds: [String: Double] = [:]
        for (number, frame) in (results.frames ?? []).enumerated() {
            // A day per frame is more than any frame takes: past it the file was not measured.
            guard frame.seconds.isFinite, (0...86_400).contains(frame.seconds) else {
                throw Fault(
                    reason: "key 'frames[\(number)].seconds' is \(JSONValue.shortest(frame.seconds)), not 0…86400")
            }
            seconds[frame.scene, default: 0] += frame.seconds
        }
        self.seconds = seconds
    }
}
