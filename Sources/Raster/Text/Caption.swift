import Typography

/// How captions are placed and coloured (CONTRACT.md, "Cells").
public struct CaptionStyle: Sendable, Hashable {
    public enum Position: String, Sendable, Hashable, CaseIterable {
        /// Centred under the item, the line's top 4 pt below its untransformed bounds.
        case below
        /// Centred inside the item, 8 pt above its lower edge, over a scrim from clear to 40 % black
        /// on its lower 40 %.
        case over
    }

    public var position: Position
    public var color: Color

    public init(position: Position = .below, color: Color = .black) { (self.position, self.color) = (position, color) }

    /// The gap between an item and a caption below it; a line's height per point of text size.
    public static let gapBelow = 4.0, lineHeight = 1.2
    /// An over caption's inset from the item's lower and side edges (UIKit's standard margin, 8 pt).
    public static let insetOver = 8.0
    /// The scrim under an over caption: the lower fraction of the item it covers, its opacity there.
    public static let scrimFraction = 0.4, scrimOpacity: Float = 0.4

    /// The width a caption may take on an item `width` points wide.
    public func room(onWidth width: Double) -> Double {
        position == .below ? width : width - 2 * Self.insetOver
    }
}

/// An item's label: a set line, drawn in the item's plane, so it takes the item's transform and alpha
/// as a subview of the cell does.
public struct Caption: Sendable {
    public var line: TextLine
    public var style: CaptionStyle

    public init(line: TextLine, style: CaptionStyle) { (self.line, self.style) = (line, style) }

    /// The line's origin (the left end of its baseline) in the plane of a `width` × `height` item,
    /// points from its centre, y down: the line box, 1.2 × the size tall, below the item or inside its
    /// lower edge, the font's ascent and descent centred in it, the line centred across.
    public func origin(width: Double, height: Double) -> SIMD2<Double> {
        let box = CaptionStyle.lineHeight * line.size
        let top =
            style.position == .below ? height / 2 + CaptionStyle.gapBelow : height / 2 - CaptionStyle.insetOver - box
        return SIMD2(-line.width / 2, top + (box - line.ascent - line.descent) / 2 + line.ascent)
    }

    /// A rectangle of the plane of a `width` × `height` item that holds every glyph: the line box
    /// (ascent to descent, start to advance) grown by the size on every side for accents and
    /// overhangs. Nothing of the caption is drawn outside it, whatever rows a frame is painted in.
    public func box(width: Double, height: Double) -> (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        let origin = origin(width: width, height: height)
        let margin = line.size
        // A hostile font's advances or metrics may be negative: the ends are ordered, never trusted.
        func span(_ a: Double, _ b: Double) -> ClosedRange<Double> {
            guard a.isFinite, b.isFinite else { return 0...0 }
            return min(a, b) - margin...max(a, b) + margin
        }
        return (span(origin.x, origin.x + line.width), span(origin.y - line.ascent, origin.y + line.descent))
    }
}
