import GalleryCore
/// Where `render`'s frames go and what a photo that cannot be read does.
struct OutputOptions: OptionGroup {
    static let declared = OutputOptions()

    let output = Option<String>(
        "output", short: "o", value: "path",
        help:
            "PNG path (animate: an APNG, or an animated WebP for .webp), - for standard output; render with several offsets: a pattern containing {index} (4 digits, from 0000) and/or {offset}.",
        defaultText: "\(single), or \(sequence) with --offsets", check: .nonEmpty, completion: .file)
    let strict = Flag(
        "strict", help: "A photo that cannot be read fails the command instead of a placeholder plus a warning.")

    /// The output of one frame when -o is not given.
    static let single = "gallery.png"
    /// The output pattern of several frames when -o is not given.
    static let sequence = "gallery-{index}.png"

    /// A single output as a message names it: "-o PATH", or "the output gallery.png" when it is the
    /// default (so a refusal does not name an option that was not given).
    static func described(output path: String) -> String {
        path == single ? "the output \(path)" : "-o \(path)"
    }

    /// The suffix of `path` when it names an image format other than PNG (`.webp`, `.jpg`, …), which a
    /// PNG written under it would be mislabelled as; nil for `.png`, no suffix or any other.
    static func otherImageSuffix(of path: String) -> String? {
        let name = SystemPath.lastComponent(path).lowercased()
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let suffix = String(name[dot...])
        return [".webp", ".jpg", ".jpeg", ".heic", ".heif", ".avif", ".gif", ".tif", ".tiff", ".bmp"].contains(suffix)
            ? suffix : nil
    }

    /// The output path of frame `index` at `offset`, from `pattern`.
    static func path(pattern: String, index: Int, offset: Double) -> String {
        let number = String(index)
        return pattern.replacingOccurrences(
            of: "{index}", with: String(repeating: "0", count: max(0, 4 - number.count)) + number
        )
        .replacingOccurrences(of: "{offset}", with: JSONValue.format(offset))
    }
}
