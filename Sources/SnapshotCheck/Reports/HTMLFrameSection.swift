/// One failing frame of the HTML report: its heading, what went wrong, and the reviewing views —
/// side by side, a slider that wipes from expected to actual, blend, toggle and the diff — over the
/// images copied for it. Every text from the run (paths, scene names, messages) is escaped.
struct HTMLFrameSection {
    let check: FrameCheck
    /// The frame's place among the failures, for its id and keyboard navigation.
    let index: Int
    /// The copied images, relative to the report; a reason for each that could not be copied.
    let images: ReportImages
    let missing: [String: String]

    var html: String {
        let kind = check.status == .different ? "different" : "problem"
        var parts = [
            "<section class=\"frame \(kind)\" id=\"f\(index)\" tabindex=\"-1\" data-view=\"side\">",
            "<h2>\(XMLText.escape(check.path)) <span class=\"status\">\(XMLText.escape(check.status.label))</span></h2>",
            "<p>scene <code>\(XMLText.escape(check.scene))</code> — \(XMLText.escape(check.message))</p>",
        ]
        if !check.failingFrames.isEmpty {
            let list = check.failingFrames.map(String.init).joined(separator: ", ")
            parts.append(
                "<p class=\"frames\">Failing frames of the animation: \(list). Shown: frame \(check.failingFrames[0]).</p>"
            )
        }
        parts.append(toolbar)
        parts.append("<div class=\"view side\">\(figure("expected"))\(figure("actual"))\(figure("diff"))</div>")
        if let expected = images.expected, let actual = images.actual {
            parts += comparisonViews(expected: expected, actual: actual)
        }
        if let diff = images.diff {
            parts.append("<div class=\"view diff\" hidden>\(image(diff, "diff"))</div>")
        }
        parts.append("</section>")
        return parts.joined(separator: "\n") + "\n"
    }

    /// The view switches the images allow (a missing baseline has no slider), and the zoom.
    private var toolbar: String {
        var views = [("side", "Side by side")]
        if images.expected != nil, images.actual != nil {
            views += [("slider", "Slider"), ("blend", "Blend"), ("toggle", "Toggle")]
        }
        if images.diff != nil { views.append(("diff", "Diff")) }
        let buttons = views.enumerated().map { number, view in
            "<button type=\"button\" data-view=\"\(view.0)\" aria-pressed=\"\(view.0 == "side")\" title=\"key \(number + 1)\">\(view.1)</button>"
        }
        let zoom =
            "<label>Zoom <select class=\"zoom\" title=\"key z\"><option value=\"fit\">fit</option><option value=\"1\">1× (real pixels)</option><option value=\"2\">2×</option><option value=\"4\">4×</option></select></label>"
        return "<div class=\"toolbar\">\(buttons.joined())\(zoom)</div>"
    }

    private func comparisonViews(expected: String, actual: String) -> [String] {
        let stack = { (top: String, handle: String) in
            "<div class=\"stack\">\(image(expected, "expected"))\(image(actual, "actual", extra: " class=\"top\"\(top)"))\(handle)</div>"
        }
        return [
            "<div class=\"view slider\" hidden>"
                + stack(" style=\"clip-path:inset(0 0 0 50%)\"", "<div class=\"handle\" style=\"left:50%\"></div>")
                + "<input type=\"range\" class=\"wipe\" min=\"0\" max=\"100\" value=\"50\" aria-label=\"Slider: expected on the left, actual on the right\"></div>",
            "<div class=\"view blend\" hidden>\(stack(" style=\"opacity:0.5\"", ""))"
                + "<input type=\"range\" class=\"mix\" min=\"0\" max=\"100\" value=\"50\" aria-label=\"Blend: opacity of actual over expected\"></div>",
            "<div class=\"view toggle\" hidden>\(stack("", ""))"
                + "<button type=\"button\" class=\"flip\">Showing actual: click, or press t, for expected</button></div>",
        ]
    }

    private func figure(_ label: String) -> String {
        let content: String
        if let path = images[label] {
            content = "<a href=\"\(XMLText.escape(path))\">\(image(path, label))</a>"
        } else {
            let reason = missing[label].map { ": " + XMLText.escape($0) } ?? ""
            content = "<div class=\"none\">none\(reason)</div>"
        }
        return "<figure><figcaption>\(label)</figcaption>\(content)</figure>"
    }

    /// An image, loaded only when scrolled to, with its size when the comparison knows it (so the
    /// page does not reflow as images arrive).
    private func image(_ path: String, _ label: String, extra: String = "") -> String {
        var size = ""
        if case .compared(let counts)? = check.comparison {
            size = " width=\"\(counts.width)\" height=\"\(counts.height)\""
        }
        return "<img src=\"\(XMLText.escape(path))\" alt=\"\(label)\" loading=\"lazy\"\(size)\(extra)>"
    }
}
