import GalleryCore
import Raster
import Typography

/// A scene's captions: the pattern, the font and size they are set in, and how they are placed.
/// Each item's line is set once per width it is drawn at and kept (frames of a motion share them).
public final class Captions: Sendable {
    public let pattern: CaptionPattern
    public let setter: LineSetter
    public let style: CaptionStyle
    private let lines = Locked([Key: TextLine]())

    private struct Key: Hashable {
        var index: Int
        var room: Double
    }

    /// Lines kept at most; past it the store starts again.
    static let keptLines = 4096

    public init(pattern: CaptionPattern, setter: LineSetter, style: CaptionStyle) {
        (self.pattern, self.setter, self.style) = (pattern, setter, style)
    }

    /// Item `index`'s caption, showing the photo at `photo` (nil: none), on an item `width` points wide.
    public func caption(forItem index: Int, photo: String?, width: Double) -> Caption {
        let key = Key(index: index, room: style.room(onWidth: width))
        if let line = lines.withLock({ $0[key] }) { return Caption(line: line, style: style) }
        let line = setter.line(pattern.caption(index: index, path: photo), room: key.room)
        lines.withLock { lines in
            if lines.count >= Self.keptLines { lines.removeAll() }
            lines[key] = line
        }
        return Caption(line: line, style: style)
    }

    /// The font, as `layout` names it: {"family", "style", "sha256"}.
    public var font: Font { setter.font }
}
