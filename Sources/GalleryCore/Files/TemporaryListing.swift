import Synchronization
import Foundation

/// The temporaries (`.NAME.PID.tmp-XXXXXX`) in each folder AtomicFile writes to, listed once per
/// process and handed out by name: a batch writing thousands of frames into one folder reads it
/// once, not once per frame. Temporaries abandoned after that listing are swept by a later process.
final class TemporaryListing: Sendable {
    static let shared = TemporaryListing()

    /// Per folder, per file name, its temporaries and the process ids in their names.
    private let folders = Mutex<[String: [String: [(entry: String, pid: Int32)]]]>([:])

    /// The temporaries of `name` in `folder` not handed out before.
    func take(_ name: String, in folder: String) -> [(entry: String, pid: Int32)] {
        folders.withLock { folders in
            if folders[folder] == nil { folders[folder] = Self.list(folder) }
            return folders[folder]?.removeValue(forKey: name) ?? []
        }
    }

    private static func list(_ folder: String) -> [String: [(entry: String, pid: Int32)]] {
        var found: [String: [(entry: String, pid: Int32)]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where entry.hasPrefix(".") {
            // ".NAME.PID.tmp-XXXXXX": the name may hold dots, the last two parts may not.
            let parts = entry.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
            // A process id is digits only and positive (no sign, which kill() would take for a group).
            let digits = parts.count >= 3 ? parts[parts.count - 2] : ""
            guard parts.count >= 3, parts[parts.count - 1].hasPrefix("tmp-"), !digits.isEmpty,
                digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let pid = Int32(digits), pid > 0
            else { continue }
            found[parts.dropLast(2).joined(separator: "."), default: []].append((entry, pid))
        }
        return found
    }
}
