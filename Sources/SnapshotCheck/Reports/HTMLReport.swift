import Foundation
import GalleryCore
import ImageCodecs

/// A self-contained HTML report of a `check` run, made for reviewing: a summary, each failing frame
/// first with the views reviewers know from Playwright and reg-cli (side by side, a slider, blend,
/// toggle, the diff; zoom to real pixels; keys between failures), then the passed frames, collapsed.
/// Images are copied next to `index.html`, linked relatively and loaded lazily, so the folder opens
/// from disk or as a CI artifact, with no network.
public enum HTMLReport {
    /// Writes `folder/index.html` and `folder/images/…png` (overwriting only those names), each
    /// atomically, as regular files inside `folder` (the images synced together, before index.html):
    /// a symlink in the folder is replaced, not written through. `images(check)` gives the files to
    /// show for a frame (`ReportImages` of source paths):
    /// a failing frame's expected, actual and diff images and an animation's stills, a passed frame's
    /// thumbnail source. Only the bytes of regular files that decode as images are copied (a still
    /// must be a PNG): a FIFO is refused without waiting, a symlink's target is copied rather than the
    /// link, and a file that cannot be read or is no image shows as "none" with the reason. `accept`
    /// is the `accept` command without frames, which the page completes with the frames a reviewer
    /// ticks. Thumbnails are made on up to `jobs` threads. Returns the images written for each frame,
    /// by its path, relative to `folder`. `incomplete`: why a merge does not hold every frame, shown
    /// as a banner.
    @discardableResult
    public static func write(
        _ checks: [FrameCheck], to folder: String, title: String, accept: String? = nil, orphans: [String] = [],
        incomplete: String? = nil, jobs: Int = 1,
        open: @Sendable (String) throws(FileError) -> RegularFile = { path throws(FileError) in
            try RegularFile(path: path)
        }, images: (FrameCheck) -> ReportImages
    ) throws(FileError) -> [String: ReportImages] {
        let failing = checks.filter(\.failed)
        // Thousands of images: synced once all are written, before the page that shows them.
        let imageSync = DeferredSync()
        var written: [String] = []
        var shown: [String: ReportImages] = [:]
        var sections = ""
        var acceptable = false
        for (number, check) in failing.enumerated() {
            // Numbered, so no two frames can collide; files of the user's in the folder are left alone.
            let stem = String(format: "%04d", number) + "-" + flattened(check.path)
            let sources = images(check)
            var copied = ReportImages()
            var missing: [String: String] = [:]
            for label in ["expected", "actual", "diff"] {
                guard let source = sources[label] else { continue }
                switch publishable(source, still: false, open: open) {
                case .success(let bytes):
                    let name = ReportFolder.images + "\(stem)-\(label).png"
                    try ContainedPath.write(bytes, to: name, in: folder, sync: imageSync)
                    written.append(name)
                    copied[label] = name
                case .failure(let reason): missing[label] = reason.description
                }
            }
            if let stills = sources.frames {
                var frames: [ReportImages] = []
                for (frame, still) in stills.enumerated() {
                    var kept = ReportImages()
                    for label in ["expected", "actual", "diff"] {
                        guard let source = still[label],
                            case .success(let bytes) = publishable(source, still: true, open: open)
                        else { continue }
                        let name = ReportFolder.images + "\(stem)-f" + String(format: "%04d", frame) + "-\(label).png"
                        try ContainedPath.write(bytes, to: name, in: folder, sync: imageSync)
                        written.append(name)
                        kept[label] = name
                    }
                    frames.append(kept)
                }
                copied.frames = frames
            }
            shown[check.path] = copied
            let section = HTMLFrameSection(check: check, index: number, images: copied, missing: missing)
            acceptable = acceptable || section.acceptable
            sections += section.html
        }
        let passed = checks.filter { !$0.failed }
        var thumbnails: [String: Thumbnail.Shown] = [:]
        for (number, (check, made)) in zip(passed, Self.thumbnails(of: passed, images: images, jobs: jobs, open: open))
            .enumerated()
        {
            guard let made else { continue }
            let name =
                ReportFolder.images + "thumb-" + String(format: "%04d", number) + "-" + flattened(check.path) + ".png"
            try ContainedPath.write(made.png, to: name, in: folder, sync: imageSync)
            written.append(name)
            thumbnails[check.path] = Thumbnail.Shown(name: name, width: made.width, height: made.height)
            shown[check.path] = ReportImages(thumbnail: name)
        }
        let html = HTMLReportPage.html(
            title: title, checks: checks, sections: sections, accept: acceptable ? accept : nil, orphans: orphans,
            thumbnails: thumbnails, incomplete: incomplete)
        try imageSync.flush()
        try ContainedPath.write(Array(html.utf8), to: ReportFolder.page, in: folder)
        try replaceImageList(in: folder, with: written)
        return shown
    }

    /// A frame's path as one file name: `scroll/offset-85.png` → `scroll-offset-85`.
    private static func flattened(_ path: String) -> String {
        path.replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: ".png", with: "")
    }

    /// The bytes of `source` when a report may publish them: a baseline is the repository's and may be
    /// anything, so it must decode as an image; a still (from this run or another report) must be a
    /// PNG. Else why not.
    private static func publishable(
        _ source: String, still: Bool, open: (String) throws(FileError) -> RegularFile
    ) -> Result<[UInt8], DecodeError> {
        Result { () throws(DecodeError) in
            let bytes: [UInt8]
            do throws(FileError) { bytes = try open(source).contents(limit: PixelBudget.standard.maxFileBytes) } catch {
                if case .tooLarge(let size, let limit) = error.cause { throw .fileTooLarge(bytes: size, limit: limit) }
                throw .unreadable(error)
            }
            if still {
                guard ImageFormat(sniffing: bytes) == .png else { throw .unrecognizedFormat }
            } else {
                _ = try ImageDecoder.decode(bytes)
            }
            return bytes
        }
    }

    /// Each passed frame's thumbnail, made in parallel; nil where there is no source or it cannot be
    /// read (the list then names the frame without a picture: nothing the check decided is lost).
    private static func thumbnails(
        of passed: [FrameCheck], images: (FrameCheck) -> ReportImages, jobs: Int,
        open: @Sendable (String) throws(FileError) -> RegularFile
    ) -> [(png: [UInt8], width: Int, height: Int)?] {
        let sources = passed.map { images($0).thumbnail }
        return Parallel.map(sources, jobs: jobs) { source in
            guard let source,
                case .success(let bytes) = Result(catching: { () throws(FileError) in
                    try open(source).contents(limit: PixelBudget.standard.maxFileBytes)
                }),
                case .success(let png) = Result(catching: { try Thumbnail.png(of: bytes) })
            else { return nil }
            return png
        }
    }

    /// The list of images this report wrote, kept in the folder (`images/.written`): the images a
    /// previous report listed and this one did not write again are removed — those, and only those,
    /// so a passing run leaves no stale failure to be uploaded as an artifact.
    private static func replaceImageList(in folder: String, with written: [String]) throws(FileError) {
        // No list (a first report) or an unreadable one: nothing to remove, and the new list replaces it.
        let previous: [String] =
            switch Result(catching: { () throws(FileError) in
                try ContainedPath.contents(of: ReportFolder.imageList, in: folder, limit: 64 << 20)
            }) {
            case .success(let bytes): String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
            case .failure: []
            }
        let kept = Set(written)
        // The list may come with the checkout: only report images inside the folder are removed.
        for name in previous where !kept.contains(name) && ReportFolder.isImage(name) {
            // A name leading out of the folder (through a link) is not this report's image: kept.
            guard
                case .success(let image) = Result(catching: { () throws(ContainmentError) in
                    try ContainedPath(name, in: folder, lastLink: .replace)
                })
            else { continue }
            try? image.remove()
        }
        try ContainedPath.write(
            Array(written.map { $0 + "\n" }.joined().utf8), to: ReportFolder.imageList, in: folder)
    }
}
