import Foundation
import GalleryCore
import ImageCodecs

/// A self-contained HTML report of a `check` run, made for reviewing: a summary, each failing frame
/// first with the views reviewers know from Playwright and reg-cli (side by side, a slider, blend,
/// toggle, the diff; zoom to real pixels; keys between failures), then the passed frames, collapsed.
/// Images are copied next to `index.html`, linked relatively and loaded lazily, so the folder opens
/// from disk or as a CI artifact, with no network.
public enum HTMLReport {
    /// Writes `folder/index.html` and `folder/images/NNNN-…png` (overwriting only those names), each
    /// atomically, as regular files inside `folder`: a symlink in the folder is replaced, not written
    /// through. `images(check)` gives the expected, actual and diff image paths to copy for a failing
    /// frame (any may be nil). Only the bytes of regular files that decode as images are copied: a FIFO
    /// is refused without waiting, a symlink's target is copied rather than the link, and a file that
    /// cannot be read or is no image shows as "none" with the reason. `accept` is the `accept` command
    /// without frames, which the page completes with the frames a reviewer ticks.
    /// Returns the images written for each failing frame, by its path, relative to `folder`.
    @discardableResult
    public static func write(
        _ checks: [FrameCheck], to folder: String, title: String, accept: String? = nil, orphans: [String] = [],
        images: (FrameCheck) -> (expected: String?, actual: String?, diff: String?)
    ) throws(FileError) -> [String: ReportImages] {
        let failing = checks.filter(\.failed)
        var written: [String] = []
        var shown: [String: ReportImages] = [:]
        var sections = ""
        var acceptable = false
        for (number, check) in failing.enumerated() {
            // Numbered, so no two frames can collide; files of the user's in the folder are left alone.
            let stem =
                String(format: "%04d", number) + "-"
                + check.path.replacingOccurrences(of: "/", with: "-")
                .replacingOccurrences(of: ".png", with: "")
            let sources = images(check)
            var copied = ReportImages()
            var missing: [String: String] = [:]
            for (label, source) in [("expected", sources.expected), ("actual", sources.actual), ("diff", sources.diff)]
            {
                guard let source else { continue }
                let bytes: [UInt8]
                do {
                    bytes = try ImageDecoder.readBytes(atPath: source)
                    // Only images are published: a baseline is the repository's, and may be anything.
                    _ = try ImageDecoder.decode(bytes)
                } catch {
                    missing[label] = error.description
                    continue
                }
                let name = "images/\(stem)-\(label).png"
                try ContainedPath.write(bytes, to: name, in: folder)
                written.append(name)
                copied[label] = name
            }
            shown[check.path] = copied
            let section = HTMLFrameSection(check: check, index: number, images: copied, missing: missing)
            acceptable = acceptable || section.acceptable
            sections += section.html
        }
        let html = HTMLReportPage.html(
            title: title, passed: checks.filter { !$0.failed }, failing: failing.count, total: checks.count,
            sections: sections, accept: acceptable ? accept : nil, orphans: orphans)
        try ContainedPath.write(Array(html.utf8), to: "index.html", in: folder)
        try replaceImageList(in: folder, with: written)
        return shown
    }

    /// The list of images this report wrote, kept in the folder (`images/.written`): the images a
    /// previous report listed and this one did not write again are removed — those, and only those,
    /// so a passing run leaves no stale failure to be uploaded as an artifact.
    private static func replaceImageList(in folder: String, with written: [String]) throws(FileError) {
        let list = SystemPath.joined(folder, "images/.written")
        let previous =
            (try? ImageDecoder.readBytes(atPath: list, limit: 64 << 20))
            .map { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) } ?? []
        let kept = Set(written)
        // The list may come with the checkout: only report images inside the folder are removed.
        for name in previous where !kept.contains(name) && isReportImage(name) {
            guard let image = try? ContainedPath(name, in: folder, lastLink: .replace) else { continue }
            _ = SystemPath.withCString(image.path) { unlink($0) }
        }
        try ContainedPath.write(Array(written.map { $0 + "\n" }.joined().utf8), to: "images/.written", in: folder)
    }

    /// A name this report could have written: `images/NNNN-…-(expected|actual|diff).png`, no `..`.
    private static func isReportImage(_ name: String) -> Bool {
        name.hasPrefix("images/") && !name.contains("..") && name.hasSuffix(".png")
            && !name.dropFirst("images/".count).contains("/")
    }
}
