#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Paths as Strings without losing a byte. A file name on Linux is bytes, not always UTF-8; each byte
/// that is not part of valid UTF-8 is held as the code point U+10FF00 + byte (the end of Plane 16's
/// private use area), and turned back into that byte when the path goes to the system, as Python's
/// `surrogateescape` does. A name that really holds U+10FF00…U+10FFFF has those bytes escaped too, so
/// every name comes back exactly. `Console` prints escaped bytes as `\xNN`.
public enum SystemPath {
    /// First of the 256 code points that stand for raw bytes.
    static let escapeBase: UInt32 = 0x10_FF00

    /// The String for the bytes of a name or path.
    public static func string(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var at = 0
        while at < bytes.count {
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes[at...].makeIterator()
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if scalar.value >= escapeBase {
                    for byte in encoded { scalars.append(escaped(byte)) }
                } else {
                    scalars.append(scalar)
                }
                at += encoded.count
            case .error(let length):
                for byte in bytes[at..<at + length] { scalars.append(escaped(byte)) }
                at += length
            case .emptyInput:
                at = bytes.count
            }
        }
        return String(scalars)
    }

    /// The bytes `path` stands for.
    public static func bytes(_ path: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if let byte = byte(scalar) {
                bytes.append(byte)
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Calls `body` with `path` as the system's NUL-terminated bytes.
    public static func withCString<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows
        -> Result
    {
        // Without escapes (almost every path) the String's own UTF-8 is the bytes.
        guard path.unicodeScalars.contains(where: { $0.value >= escapeBase }) else {
            return try path.withCString(body)
        }
        let bytes = self.bytes(path).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return try "".withCString(body) }
            return try body(base)
        }
    }

    /// `path` with each run of slashes made one (`photos//a.jpg` is `photos/a.jpg`), as messages and
    /// reports write paths: as given, without doubled slashes.
    public static func single(_ path: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in path.unicodeScalars where !(scalar == "/" && result.last == "/") { result.append(scalar) }
        return String(result)
    }

    // Paths are taken apart scalar by scalar, never by Character: a combining mark after "/" makes
    // one Character of the two, where the system sees a slash; and String's comparison takes "é" and
    // "e" + U+0301 as equal, where the system sees two names.

    /// `path`'s names, split at each "/" (empty ones left out unless `keepingEmpty`).
    public static func components(_ path: String, keepingEmpty: Bool = false) -> [String] {
        path.unicodeScalars.split(separator: "/", omittingEmptySubsequences: !keepingEmpty).map {
            String(String.UnicodeScalarView($0))
        }
    }

    /// `path`'s last name (itself when it has no slash).
    public static func lastComponent(_ path: String) -> String { components(path).last ?? path }

    /// Whether `path` starts at the root.
    public static func isAbsolute(_ path: String) -> Bool { path.unicodeScalars.first == "/" }

    /// Whether the name is hidden: its first byte is ".".
    public static func isHidden(_ name: String) -> Bool { name.unicodeScalars.first == "." }

    /// `path` less `prefix` when it starts with it scalar for scalar, else nil.
    public static func dropping(_ prefix: String, from path: String) -> String? {
        let (p, f) = (path.unicodeScalars, prefix.unicodeScalars)
        guard p.starts(with: f) else { return nil }
        return String(String.UnicodeScalarView(p.dropFirst(f.count)))
    }

    /// Whether `path` is `folder` or lies under it by name, scalar for scalar.
    public static func isUnder(_ path: String, _ folder: String) -> Bool {
        let (p, f) = (Array(path.unicodeScalars), Array(folder.unicodeScalars))
        guard p.starts(with: f) else { return false }
        return p.count == f.count || f.last == "/" || p[f.count] == "/"
    }

    /// The folder `path` names its file in, as given: "" for a bare name (the current folder), "/"
    /// for a file at the root (`ci/m.json` is in `ci`).
    public static func parent(_ path: String) -> String {
        var trimmed = Substring(path).unicodeScalars
        while trimmed.count > 1, trimmed.last == "/" { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let parent = trimmed[..<slash]
        return parent.isEmpty ? "/" : String(String.UnicodeScalarView(parent))
    }

    /// `folder/name` without a doubled slash, whatever `folder` ends with (`baselines/` + `x.png` is
    /// `baselines/x.png`); `name` empty gives the folder itself.
    public static func joined(_ folder: String, _ name: String) -> String {
        var scalars = Substring(folder).unicodeScalars
        while scalars.count > 1, scalars.last == "/" { scalars = scalars.dropLast() }
        let base = String(String.UnicodeScalarView(scalars))
        if name.isEmpty || base.isEmpty { return base.isEmpty ? name : base }
        return base == "/" ? "/" + name : base + "/" + name
    }

    /// Whether `a` and `b` are the same file or folder (device and inode, every link followed): true for
    /// `r1` and a symlink to it, or `r1` and `./r1/`; false when either does not exist.
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        var (first, second) = (stat(), stat())
        guard withCString(a, { stat($0, &first) }) == 0, withCString(b, { stat($0, &second) }) == 0 else {
            return false
        }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Whether `path` is `folder` or lies inside it, through any links and `..`: each is resolved
    /// component by component as far as it exists (each step's real path, so `r1/../elsewhere` is not
    /// in r1), and the rest, not there yet, would be made there (neither need exist yet).
    public static func isInside(_ path: String, folder: String) -> Bool {
        guard let root = resolved(folder), let resolved = resolved(path) else { return false }
        return isUnder(resolved, root)
    }

    /// `path` made absolute with every link and `..` among its existing components resolved (the rest
    /// as written, less `.`): two paths naming one file, or one yet to be made, give one string.
    public static func canonical(_ path: String) -> String? { resolved(path) }

    /// `path` resolved as far as it exists, the rest appended with `.` left out and each `..` taking
    /// back the name before it; nil when not even its start resolves.
    private static func resolved(_ path: String) -> String? {
        guard var resolved = ContainedPath.realPath(isAbsolute(path) ? "/" : currentFolder) else { return nil }
        var rest: [String] = []
        for component in components(path) where component != "." {
            if rest.isEmpty, let next = ContainedPath.realPath(joined(resolved, String(component))) {
                resolved = next
            } else if component == "..", !rest.isEmpty {
                rest.removeLast()  // names not there yet: no link to follow back
            } else {
                rest.append(component)
            }
        }
        return rest.isEmpty ? resolved : joined(resolved, rest.joined(separator: "/"))
    }

    /// The process's working folder ("." when it cannot be had).
    static var currentFolder: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return string(buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
    }

    /// Whether something exists at `path` (a dangling symlink does not).
    public static func exists(_ path: String) -> Bool {
        var status = stat()
        return withCString(path) { stat($0, &status) } == 0
    }

    /// Whether `path` is a folder (or a symlink to one).
    public static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return withCString(path) { stat($0, &status) } == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The raw byte `scalar` stands for, or nil for an ordinary character.
    public static func byte(_ scalar: Unicode.Scalar) -> UInt8? {
        scalar.value >= escapeBase ? UInt8(truncatingIfNeeded: scalar.value - escapeBase) : nil
    }

    private static func escaped(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(escapeBase + UInt32(byte)) ?? "?"
    }
}
