import GalleryCore

/// The paths, relative to a baseline or output folder, that a manifest's frames are written to:
/// `NAME.png` for a scene with one offset or a motion, `NAME/offset-X.png` for each of several
/// offsets (X the offset's shortest decimal). A report from another job may name no other.
public enum FramePath {
    /// A scene name usable as a file and folder name on every system: 1 to 128 letters, digits,
    /// `.`, `-` and `_`, not starting with `.`.
    public static func isSceneName(_ name: some StringProtocol) -> Bool {
        !name.isEmpty && name.count <= 128 && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "._-".unicodeScalars.contains($0)
            }
    }

    /// Where the layout of the baseline at `path` is kept: `NAME.layout.json` beside `NAME.png`.
    public static func layoutPath(of path: String) -> String {
        (path.hasSuffix(".png") ? String(path.dropLast(4)) : path) + ".layout.json"
    }

    /// The baseline a layout at `path` belongs to (`NAME.png` for `NAME.layout.json`); nil for a path
    /// that is no layout's.
    public static func baselinePath(ofLayout path: String) -> String? {
        let suffix = ".layout.json"
        return path.hasSuffix(suffix) ? String(path.dropLast(suffix.count)) + ".png" : nil
    }

    /// Whether `path` is one a manifest's frame is written to.
    public static func isFramePath(_ path: String) -> Bool {
        let parts = SystemPath.components(path, keepingEmpty: true)
        guard let last = parts.last, last.hasSuffix(".png") else { return false }
        switch parts.count {
        case 1: return isSceneName(last.dropLast(4))
        case 2:
            guard isSceneName(parts[0]), last.hasPrefix("offset-") else { return false }
            return isOffset(last.dropFirst("offset-".count).dropLast(4))
        default: return false
        }
    }

    /// Whether `path` could be a baseline a manifest's frame reads: a frame path, or one of the older
    /// index layout's (`NAME/0000.png`, digits only), whose files re-recording leaves as orphans.
    public static func isBaselinePath(_ path: String) -> Bool {
        if isFramePath(path) { return true }
        let parts = SystemPath.components(path, keepingEmpty: true)
        guard parts.count == 2, isSceneName(parts[0]), parts[1].hasSuffix(".png") else { return false }
        return isDigits(parts[1].dropLast(4))
    }

    /// A finite number spelt as frames are named: its shortest decimal (`JSONValue.shortest`), so
    /// one frame has one name (found by review: `offset-60.0.png` and `offset-1e5.png` passed,
    /// and a merge counted 60 and 60.0 as two frames).
    private static func isOffset(_ text: Substring) -> Bool {
        guard let value = Double(text), value.isFinite else { return false }
        return JSONValue.shortest(value) == text
    }

    private static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy { ("0"..."9").contains($0) }
    }
}
