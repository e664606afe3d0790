import GalleryCore
import GalleryLayout
import RenderPipeline

extension Console {
    /// Says once that offsets beyond the scrollable range of `scene` were clamped: each renders at
    /// the range's nearer end (the contract), which a user who asked for 5000 pt should hear.
    /// `place` names the manifest scene ("scene 'a': "); `option` the option the offsets came from.
    /// `motion`: the offsets start that motion, which a fling or a drag starts at the offset clamped
    /// (a transition from the still there).
    func clampedOffsets(
        _ offsets: [Double], of scene: Scene, option: String, place: String = "", motion: MotionRequest? = nil
    ) {
        let gallery = scene.gallery
        // A wrapping carousel takes every offset modulo its turn: nothing is clamped. Without wrap,
        // --overscroll lets it one item past each end (iCarousel's bounce), and no further.
        if case .carousel(let carousel) = gallery.style {
            guard !carousel.wraps else { return }
            if gallery.allowsOverscroll {
                let reach = gallery.scrollableRange.upperBound + carousel.itemWidth
                let beyond = offsets.filter { $0 < -carousel.itemWidth || $0 > reach }
                guard let first = beyond.first else { return }
                let more = beyond.count > 1 ? " (and \(beyond.count - 1) more)" : ""
                warning(
                    "\(place)\(option) \(JSONValue.shortest(first))\(more) is more than one item past the end: drawn at \(JSONValue.format(gallery.clamped(first))) (a carousel overscrolls one item)"
                )
                return
            }
        }
        guard !gallery.allowsOverscroll else { return }
        let range = gallery.scrollableRange
        let outside = offsets.filter { !range.contains($0) }
        guard let first = outside.first else { return }
        let more = outside.count > 1 ? " (and \(outside.count - 1) more)" : ""
        // Where it is drawn: clamped, and a paged still then on its page (found by review: it said
        // 1530 and --overscroll, where 1500 was drawn and --overscroll is refused with --paging).
        let still = motion?.isScroll != true
        let drawn =
            still ? (try? scene.layout(atOffset: first).offset) ?? gallery.clamped(first) : gallery.clamped(first)
        // A motion starts from the offset clamped whatever --overscroll says (refused with it).
        let how =
            !scene.paging && motion == nil
            ? "clamped (--overscroll draws beyond it)"
            : drawn == gallery.clamped(first) ? "clamped" : "clamped, then paged"
        warning(
            "\(place)\(option) \(JSONValue.shortest(first))\(more) is beyond the scrollable range \(JSONValue.format(range.lowerBound))…\(JSONValue.format(range.upperBound)) pt: drawn at \(JSONValue.format(drawn)), \(how)"
        )
    }
}
