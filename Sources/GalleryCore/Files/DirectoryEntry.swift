#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder entry and what the directory itself says it is (d_type), so regular files need no
/// stat; links and file systems that do not say are `.unknown`. Names keep every byte (SystemPath).
public struct DirectoryEntry: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case regular, other, unknown }

    public let name: String
    public let kind: Kind

    /// The entries of `folder` but `.` and `..`, in the directory's order; none when it cannot be
    /// listed.
    public static func list(_ folder: String) -> [DirectoryEntry] {
        let descriptor = SystemPath.withCString(folder) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        return list(descriptor: descriptor)
    }

    /// The entries of the folder open at `descriptor` (which stays open, and the caller's).
    public static func list(descriptor: Int32) -> [DirectoryEntry] {
        // A record is as long as its name (d_reclen), not sizeof(dirent): the name is read up to its
        // NUL where it lies, never copied whole (the last record of a buffer ends sooner). The
        // offsets of a C struct's fields are always known.
        let own = dup(descriptor)
        guard own >= 0 else { return [] }
        guard let at = MemoryLayout<dirent>.offset(of: \dirent.d_name),
            let kindAt = MemoryLayout<dirent>.offset(of: \dirent.d_type),
            let directory = fdopendir(own)
        else {
            close(own)
            return []
        }
        defer { closedir(directory) }
        var entries: [DirectoryEntry] = []
        while let entry = readdir(directory) {
            let record = UnsafeRawPointer(entry)
            let length = strlen((record + at).assumingMemoryBound(to: CChar.self))
            let name = SystemPath.string(UnsafeRawBufferPointer(start: record + at, count: length))
            if name == "." || name == ".." { continue }
            let kind: Kind =
                switch Int32(record.load(fromByteOffset: kindAt, as: UInt8.self)) {
                case Int32(DT_REG): .regular
                case Int32(DT_LNK), Int32(DT_UNKNOWN): .unknown
                default: .other
                }
            entries.append(DirectoryEntry(name: name, kind: kind))
        }
        return entries
    }
}
