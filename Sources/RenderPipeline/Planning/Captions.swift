import GalleryCore
import Raster
import Typography

/// A scene's captions: the pattern, the font and size they are set in, and how they are placed.
/// Each text is set once per width it is drawn at and kept: frames of a motion, and items whose
/// captions read the same, share it.
public final class Captions: Sendable {
    public let pattern: CaptionPattern
    public let setter: LineSetter
    public let style: CaptionStyle
    private let lines = Locked(Store())

    private struct Key: Hashable {
        var text: String
        var room: Double
    }

    private struct Store {
        var lines: [Key: TextLine] = [:]
        var characters = 0
    }

    /// Lines, and characters of their texts, kept at most; past either the store starts again.
    static let keptLines = 4096
    static let keptCharacters = 1 << 22

    public init(pattern: CaptionPattern, setter: LineSetter, style: CaptionStyle) {
        (self.pattern, self.setter, self.style) = (pattern, setter, style)
    }

    /// Item `index`'s caption, showing the photo at `photo` (nil: none), on an item `width` points wide.
    public func caption(forItem index: Int, photo: String?, width: Double) -> Caption {
        let key = Key(text: pattern.caption(index: index, path: photo), room: style.room(onWidth: width))
        if let line = lines.withLock({ $0.lines[key] }) { return Caption(line: line, style: style) }
        let line = setter.line(key.text, room: key.room)
        lines.withLock { store in
            if store.lines.count >= Self.keptLines || store.characters >= Self.keptCharacters { store = Store() }
            store.lines[key] = line
            store.characters += key.text.unicodeScalars.count
        }
        return Caption(line: line, style: style)
    }

    /// The font, as `layout` names it: {"family", "style", "sha256"}.
    public var font: Font { setter.font }
}
