import GalleryCore

/// The files of a report folder, named once: what `check --report` writes, and what `merge-reports`
/// and `accept` read from a folder another job (or a pull request) made.
public enum ReportFolder {
    /// The page people open.
    public static let page = "index.html"
    /// The results machines read (`ReportResults`).
    public static let results = "results.json"
    /// The folder of the images the page shows.
    public static let images = "images/"
    /// The list of the images the last report wrote (so the next removes those it does not write).
    public static let imageList = images + ".written"
    /// The folder of the rendered layouts of failed frames, for `accept` to keep beside baselines.
    public static let layouts = "layouts/"

    /// Where the rendering's layout of the failed frame at `path` is kept: `layouts/NAME.layout.json`.
    public static func layout(of path: String) -> String { layouts + FramePath.layoutPath(of: path) }

    /// Whether `name` is one of this tool's images: `images/NAME.png`, directly in the folder, not
    /// hidden, no `..`.
    public static func isImage(_ name: String) -> Bool {
        let file = name.dropFirst(images.count)
        return name.hasPrefix(images) && !file.unicodeScalars.contains("/") && !file.hasPrefix(".")
            && !name.contains("..")
            && name.hasSuffix(".png")
    }
}
