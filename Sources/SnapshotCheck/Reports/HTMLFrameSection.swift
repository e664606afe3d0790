import Foundation
import VisualDiff

/// One failing frame of the HTML report: its heading, what went wrong, the side-by-side view of the
/// images copied for it, and the switches to the other reviewing views — a slider that wipes from
/// expected to actual, blend, toggle and the diff — which the page's script builds from the
/// section's data attributes when first shown. Every text from the run (paths, scene names,
/// messages) is escaped.
struct HTMLFrameSection {
    let check: FrameCheck
    /// The frame's place among the failures, for its id and keyboard navigation.
    let index: Int
    /// The copied images, relative to the report; a reason for each that could not be copied.
    let images: ReportImages
    let missing: [String: String]

    /// For an animation whose stills the report holds: each frame's images, count and verdict.
    private var stills: [(images: ReportImages, result: AnimationFrameResult)]? {
        guard let frames = images.frames, frames.count == check.animationFrames.count, !frames.isEmpty else {
            return nil
        }
        return Array(zip(frames, check.animationFrames))
    }

    /// The images shown first: an animation's first failing frame's stills (its baseline frame for
    /// both when the two are identical), else the frame's own.
    private var shown: ReportImages {
        guard let stills, let first = check.failingFrames.first, first < stills.count,
            let expected = stills[first].images.expected
        else { return images }
        let still = stills[first].images
        return ReportImages(expected: expected, actual: still.actual, diff: still.diff)
    }

    var html: String {
        let kind = check.status == .different ? "different" : "problem"
        // The slider, blend, toggle and diff views are built by the page's script when first shown,
        // from these attributes: a report of thousands of failures holds three images a frame.
        var data = ""
        for label in ["expected", "actual", "diff"] {
            if let path = shown[label] { data += " data-\(label)=\"\(XMLText.escape(path))\"" }
        }
        if let frames = framesJSON { data += " data-frames=\"\(XMLText.escape(frames))\"" }
        if case .compared(let counts)? = check.comparison {
            data += " data-width=\"\(counts.width)\" data-height=\"\(counts.height)\""
        }
        // A frame whose actual image the report holds whole can be ticked for `accept`.
        let pick =
            acceptable
            ? "<label class=\"pick\"><input type=\"checkbox\" class=\"accept\" value=\"\(XMLText.escape(check.path))\" aria-label=\"accept \(XMLText.escape(check.path))\"> accept</label>"
            : ""
        var parts = [
            "<section class=\"frame \(kind)\" id=\"f\(index)\" tabindex=\"-1\" data-view=\"side\"\(data)>",
            "<h2>\(XMLText.escape(check.path)) <span class=\"status\">\(XMLText.escape(check.status.label))</span>\(pick)</h2>",
            "<p>scene <code>\(XMLText.escape(check.scene))</code> — \(XMLText.escape(check.message))</p>",
        ]
        if !check.failingFrames.isEmpty {
            // With the stills, the scrubber says which frame is shown.
            let shownFrame = stills == nil ? " Shown: frame \(check.failingFrames[0])." : ""
            parts.append(
                "<p class=\"frames\">Failing: \(LayoutChange.ranges(check.failingFrames))\(check.animationFrames.isEmpty ? "" : " of \(check.animationFrames.count)").\(shownFrame)</p>"
            )
        }
        // The strip of frames, the scrubber and the play button, built by the page's script.
        if stills != nil { parts.append("<div class=\"scrub\"></div>") }
        parts.append(toolbar)
        parts.append("<div class=\"view side\">\(figure("expected"))\(figure("actual"))\(figure("diff"))</div>")
        parts.append("</section>")
        return parts.joined(separator: "\n") + "\n"
    }

    /// Whether `accept` can make this frame's actual image its baseline: a failed or missing frame whose
    /// actual image (an animation whole) the report holds. Not one that failed by its expectations
    /// alone: its pixels match, and accepting them changes nothing (found by review).
    var acceptable: Bool {
        [.different, .missingBaseline, .unreadable].contains(check.status) && images.actual != nil
            && !check.failsOnlyByExpectations
    }

    /// Every frame of an animation as the script reads it: `e`, `a` and `d` the images (null: none, as
    /// for a frame only one animation has; an identical frame's `a` is its `e`), `n` the pixels that
    /// differ, `f` 1 when it fails, `s` its seconds.
    private var framesJSON: String? {
        guard let stills else { return nil }
        struct Entry: Encodable {
            let e: String?, a: String?, d: String?, n: Int, f: Int, s: Double
        }
        let entries = stills.map {
            Entry(
                e: $0.images.expected, a: $0.images.actual ?? ($0.result.failed ? nil : $0.images.expected),
                d: $0.images.diff, n: $0.result.diffPixels,
                f: $0.result.failed ? 1 : 0, s: $0.result.seconds)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail; without the data the section shows one frame.
        guard case .success(let data) = Result(catching: { try encoder.encode(entries) }) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The view switches the images allow (a missing baseline has no slider), and the zoom.
    private var toolbar: String {
        var views = [("side", "Side by side")]
        if shown.expected != nil, shown.actual != nil {
            views += [("slider", "Slider"), ("blend", "Blend"), ("toggle", "Toggle")]
        }
        if shown.diff != nil || stills != nil { views.append(("diff", "Diff")) }
        let buttons = views.enumerated().map { number, view in
            "<button type=\"button\" data-view=\"\(view.0)\" aria-pressed=\"\(view.0 == "side")\" title=\"key \(number + 1)\">\(view.1)</button>"
        }
        let zoom =
            "<label>Zoom <select class=\"zoom\" title=\"key z\"><option value=\"fit\">fit</option><option value=\"1\">1× (real pixels)</option><option value=\"2\">2×</option><option value=\"4\">4×</option></select></label>"
        return "<div class=\"toolbar\">\(buttons.joined())\(zoom)</div>"
    }

    private func figure(_ label: String) -> String {
        let content: String
        if let path = shown[label] {
            content = "<a href=\"\(XMLText.escape(path))\">\(image(path, label))</a>"
        } else {
            let reason = missing[label].map { ": " + XMLText.escape($0) } ?? ""
            content = "<div class=\"none\">none\(reason)</div>"
        }
        return "<figure><figcaption>\(label)</figcaption>\(content)</figure>"
    }

    /// An image, loaded only when scrolled to, with its size when the comparison knows it (so the
    /// page does not reflow as images arrive).
    private func image(_ path: String, _ label: String) -> String {
        var size = ""
        if case .compared(let counts)? = check.comparison {
            size = " width=\"\(counts.width)\" height=\"\(counts.height)\""
        }
        return "<img src=\"\(XMLText.escape(path))\" alt=\"\(label)\" data-label=\"\(label)\" loading=\"lazy\"\(size)>"
    }
}
