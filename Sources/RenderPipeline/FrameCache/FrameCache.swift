import Foundation
import GalleryCore
import ImageCodecs

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--cache DIR`: finished frames (a still's PNG, an animation's file) kept by `FrameKey`, so a run
/// renders only frames whose inputs changed (CONTRACT.md, "Frame cache").
///
/// An entry is `DIR/ab/KEY.frame`: a header naming the key, the file's CRC-32 and length, then the
/// file. One that does not match its header, its key or the frame's size is not used (the frame
/// renders and replaces it). The CRC catches an entry damaged on disk or in a CI cache's transfer at
/// memory speed (a SHA-256 of every entry was 40 % of a warm run); the key itself is a SHA-256. Entries are written atomically, so runs may share the folder; a hit touches the entry,
/// and `trim()` removes the least recently used past the capacity. The folder may come from a CI
/// cache another job filled: every entry is read under it, never through a link out of it.
public final class FrameCache: Sendable {
    public let folder: String
    public let capacityBytes: Int
    /// The tool's version and linked libraries' versions: part of every key.
    let identity: String
    let digests = PhotoDigests()
    private let rejected = Locked(0)

    /// The capacity when none is given: 1 GiB.
    public static let defaultCapacityBytes = 1024 << 20
    private static let magic = "gallery-render frame cache entry 2\n"
    private static let suffix = ".frame"

    /// The cache in `folder`, made when missing.
    public init(folder: String, capacityBytes: Int = defaultCapacityBytes, identity: String) throws(FileError) {
        // As `mkdir -p`, with the system's reason: "Not a directory" where a file stands in the way.
        try AtomicFile.makeFolders(folder)
        (self.folder, self.capacityBytes, self.identity) = (folder, capacityBytes, identity)
    }

    /// Entries found but not used: damaged, or not what their name says.
    public var rejectedEntries: Int { rejected.withLock { $0 } }

    /// The file kept for `key`, checked, or nil. `size` is the frame's (a PNG's header must say it),
    /// `frames` how many the file holds: an entry larger than such a file can be is refused from its
    /// size, before it is read (found by review: sparse gigabyte entries in a shared CI cache were
    /// read whole, 4 GB at once).
    func file(_ key: FrameKey, size: PixelSize, frames: Int = 1) -> [UInt8]? {
        let relative = Self.relative(key)
        let largest = Self.largestFile(size, frames: frames)
        let limit = largest >= capacityBytes ? capacityBytes : min(capacityBytes, largest + Self.headerBytes)
        let bytes: [UInt8]
        do { bytes = try ContainedPath.contents(of: relative, in: folder, limit: limit) } catch {
            // Larger than its frames can be is damage; larger than this run's capacity (a cache filled
            // under a larger --cache-max-mb) is only not for this run.
            if case .tooLarge(let bytes, _) = error.cause, bytes - Self.headerBytes > largest {
                rejected.withLock { $0 += 1 }
            }
            return nil
        }
        guard let file = Self.checked(bytes, key: key, size: size) else {
            rejected.withLock { $0 += 1 }
            return nil
        }
        // Recently used: the entry's time is now. Failing to touch it only ages it.
        _ = SystemPath.withCString(SystemPath.joined(folder, relative)) {
            utimensat(AT_FDCWD, $0, nil, AT_SYMLINK_NOFOLLOW)
        }
        return file
    }

    /// Keeps `file` under `key`, atomically; a file that cannot be kept is simply not cached. Entries
    /// are not synced (a sync that is never flushed): one torn by a power loss fails its CRC and renders again.
    func store(_ key: FrameKey, file: [UInt8]) {
        let entry = Array(Self.header(key, file).utf8) + file
        guard entry.count <= capacityBytes else { return }
        try? ContainedPath.write(entry, to: Self.relative(key), in: folder, sync: DeferredSync())
    }

    /// The most bytes a file of `frames` frames of `size` can take: each frame's rows stored, a filter
    /// byte a row, deflate's stored blocks' 5 bytes in 65,535 rounded up to 1 %, 4 KiB of chunks a
    /// frame; and 1 MiB for the signature, the colour profile and the rest.
    static func largestFile(_ size: PixelSize, frames: Int) -> Int {
        let (rows, overflow) = size.height.multipliedReportingOverflow(by: 4 * size.width + 1)
        guard !overflow, size.width >= 0, size.height >= 0 else { return .max }
        let frame = rows + rows / 100 + 4096
        let (all, tooMany) = max(frames, 1).multipliedReportingOverflow(by: frame)
        return tooMany || all > Int.max - (1 << 20) ? .max : all + (1 << 20)
    }

    private static func relative(_ key: FrameKey) -> String { "\(key.hex.prefix(2))/\(key.hex)\(suffix)" }

    /// The header: the magic line, the key, then the file's CRC-32 (8 hex digits) and length (16).
    private static func header(_ key: FrameKey, _ file: [UInt8]) -> String {
        let crc = String(CRC32.of(file), radix: 16), length = String(file.count, radix: 16)
        let padded = String(repeating: "0", count: 8 - crc.count) + crc
        return "\(magic)\(key.hex)\n\(padded) \(String(repeating: "0", count: 16 - length.count))\(length)\n"
    }

    /// The header's length: the magic line, 64 + 1, then 8 + 1 + 16 + 1.
    private static let headerBytes = magic.utf8.count + 91

    /// The file in `entry` when its header names `key`, the file's CRC and length, and a PNG says `size`.
    private static func checked(_ entry: [UInt8], key: FrameKey, size: PixelSize) -> [UInt8]? {
        guard entry.count > headerBytes else { return nil }
        let file = Array(entry[headerBytes...])
        guard entry[..<headerBytes].elementsEqual(header(key, file).utf8) else { return nil }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard file.starts(with: png) else { return file.starts(with: Array("RIFF".utf8)) ? file : nil }
        guard file.count >= 24 else { return nil }
        let width = file[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = file[20..<24].reduce(0) { $0 << 8 | Int($1) }
        return width == size.width && height == size.height ? file : nil
    }
}
