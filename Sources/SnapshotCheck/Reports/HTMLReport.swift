import Foundation
import GalleryCore
import ImageCodecs

/// A self-contained HTML report of a `check` run: a summary, then each failing frame with its
/// expected, actual and diff images side by side. Images are copied next to `index.html` and linked
/// relatively, so the folder opens from disk or as a CI artifact.
public enum HTMLReport {
    /// Writes `folder/index.html` and `folder/images/NNNN-…png` (overwriting only those names), each
    /// atomically. `images(check)` gives the expected, actual and diff image paths to copy for a failing
    /// frame (any may be nil). Only the bytes of regular files are copied: a FIFO is refused without
    /// waiting, a symlink's target is copied rather than the link, and an image that cannot be read
    /// shows as "none" with the reason.
    /// Returns the images written for each failing frame, by its path, relative to `folder`.
    @discardableResult
    public static func write(
        _ checks: [FrameCheck], to folder: String, title: String,
        images: (FrameCheck) -> (expected: String?, actual: String?, diff: String?)
    ) throws(FileError) -> [String: ReportImages] {
        let failing = checks.filter(\.failed)
        let passed = checks.count - failing.count
        var written: [String] = []
        var shown: [String: ReportImages] = [:]
        var body = ""
        for (number, check) in failing.enumerated() {
            // Numbered, so no two frames can collide; files of the user's in the folder are left alone.
            let stem =
                String(format: "%04d", number) + "-"
                + check.path.replacingOccurrences(of: "/", with: "-")
                .replacingOccurrences(of: ".png", with: "")
            let sources = images(check)
            var cells = ""
            for (label, source) in [("expected", sources.expected), ("actual", sources.actual), ("diff", sources.diff)]
            {
                guard let source else {
                    cells += "<figure><figcaption>\(label)</figcaption><div class=\"none\">none</div></figure>"
                    continue
                }
                let bytes: [UInt8]
                do { bytes = try ImageDecoder.readBytes(atPath: source) } catch {
                    cells +=
                        "<figure><figcaption>\(label)</figcaption><div class=\"none\">none: \(XMLText.escape(error.description))</div></figure>"
                    continue
                }
                let name = "images/\(stem)-\(label).png"
                try AtomicFile.write(bytes, to: folder + "/" + name)
                written.append(name)
                shown[check.path, default: ReportImages()][label] = name
                cells +=
                    "<figure><figcaption>\(label)</figcaption><a href=\"\(XMLText.escape(name))\"><img src=\"\(XMLText.escape(name))\" alt=\"\(label)\"></a></figure>"
            }
            body += """
                <section class="frame \(check.status == .different ? "different" : "problem")">
                <h2>\(XMLText.escape(check.path)) <span class="status">\(XMLText.escape(check.status.label))</span></h2>
                <p>scene <code>\(XMLText.escape(check.scene))</code> — \(XMLText.escape(check.message))</p>
                <div class="images">\(cells)</div>
                </section>

                """
        }
        if failing.isEmpty { body = "<p class=\"ok\">Every frame matches its baseline.</p>\n" }
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(XMLText.escape(title))</title>
            <style>
            body{font:15px/1.45 -apple-system,system-ui,sans-serif;margin:2em;color:#1d1d1f;background:#fafafa}
            h1{font-size:1.5em;margin:0 0 .3em}.summary{margin:0 0 1.5em;font-size:1.1em}
            .pass{color:#1a7f37}.fail{color:#cf222e}.ok{color:#1a7f37;font-weight:600}
            .frame{background:#fff;border:1px solid #ddd;border-left:6px solid #cf222e;border-radius:8px;padding:1em 1.2em;margin:0 0 1.5em}
            .frame.problem{border-left-color:#bf8700}h2{font-size:1.15em;margin:0 0 .3em}
            .status{font-size:.75em;font-weight:600;text-transform:uppercase;color:#cf222e;margin-left:.6em}
            .images{display:flex;gap:1em;flex-wrap:wrap}figure{margin:0;flex:1 1 30%;min-width:200px}
            figcaption{font-weight:600;margin-bottom:.3em}img{max-width:100%;border:1px solid #ccc;background:repeating-conic-gradient(#eee 0 25%,#fff 0 50%) 0 0/16px 16px}
            .none{border:1px dashed #ccc;padding:2em;text-align:center;color:#888}code{background:#f0f0f0;padding:0 .3em;border-radius:3px}
            </style></head><body>
            <h1>\(XMLText.escape(title))</h1>
            <p class="summary"><span class="pass">\(passed) passed</span>, <span class="fail">\(failing.count) failed</span> of \(checks.count) frames</p>
            \(body)</body></html>

            """
        try AtomicFile.write(Array(html.utf8), to: folder + "/index.html")
        try replaceImageList(in: folder, with: written)
        return shown
    }

    /// The list of images this report wrote, kept in the folder (`images/.written`): the images a
    /// previous report listed and this one did not write again are removed — those, and only those,
    /// so a passing run leaves no stale failure to be uploaded as an artifact.
    private static func replaceImageList(in folder: String, with written: [String]) throws(FileError) {
        let list = folder + "/images/.written"
        let previous =
            (try? ImageDecoder.readBytes(atPath: list, limit: 64 << 20))
            .map { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) } ?? []
        let kept = Set(written)
        for name in previous where !kept.contains(name) && isReportImage(name) {
            unlink(folder + "/" + name)
        }
        try AtomicFile.write(Array(written.map { $0 + "\n" }.joined().utf8), to: list)
    }

    /// A name this report could have written: `images/NNNN-…-(expected|actual|diff).png`, no `..`.
    private static func isReportImage(_ name: String) -> Bool {
        name.hasPrefix("images/") && !name.contains("..") && name.hasSuffix(".png")
            && !name.dropFirst("images/".count).contains("/")
    }
}
