import GalleryCore
import GalleryLayout

/// The contract's `layout` document: a frame of a scene as JSON, what `gallery-render layout` prints
/// and what recording writes beside a baseline (`NAME.layout.json`), read back by "what moved".
public enum LayoutDocument {
    /// The pretty object of the frame of `scene` at its offset, with its newline.
    public static func still(_ frame: LayoutFrame, scene: Scene) -> String { object(frame, scene: scene).pretty + "\n" }

    /// The JSON Lines of a motion of `scene`: one compact object per state, each with its newline, as
    /// UTF-8 handed to `write` about a megabyte at a time, so that a long motion's text is never held
    /// whole; `write` returns false to stop (its output failed). One buffer for all the frames: a
    /// 7,232-frame drag took 90 ms with a String a frame, joined, and 60 ms so.
    public static func writeJSONLines(_ states: [MotionState], scene: Scene, to write: ([UInt8]) -> Bool) {
        let chunk = 1 << 20
        var out: [UInt8] = []
        out.reserveCapacity(chunk + chunk / 4)
        var stateScene = scene
        for state in states {
            stateScene.gallery = state.gallery
            object(
                state.frame, scene: stateScene, items: state.items, time: state.time, turn: state.turn,
                finger: state.finger
            ).appendCompact(to: &out)
            out.append(UInt8(ascii: "\n"))
            if out.count >= chunk {
                guard write(out) else { return }
                out.removeAll(keepingCapacity: true)
            }
        }
        if !out.isEmpty { _ = write(out) }
    }

    /// The frame's object; for a frame of a motion, with its `time` and `items` (in draw order, each
    /// with its alpha) in place of the frame's. In a rotation's frame (`turn`), `viewport` is the
    /// interface's bounds w(p) × h(p) and `rotation` its turn θ in degrees (counter-clockwise
    /// positive) follows `time`. While a drag's finger is down, `finger` follows `offset`.
    public static func object(
        _ frame: LayoutFrame, scene: Scene, items: [AnimatedItem]? = nil, time: Double? = nil,
        turn: InterfaceTurn? = nil, finger: Double? = nil
    ) -> JSONValue {
        let viewport = turn?.viewport ?? scene.gallery.viewport
        var members: [(String, JSONValue)] = []
        members.reserveCapacity(12)
        members.append(("layout", .string(scene.gallery.style.name)))
        members.append(("viewport", size(viewport.width, viewport.height)))
        members.append(("displayScale", .number(scene.displayScale)))
        if let font = font(scene) { members.append(("font", font)) }
        if let time { members.append(("time", .number(time))) }
        if let turn { members.append(("rotation", .number(turn.degrees))) }
        // A motion's offset to the last bit: `render --offset` of it is the frame exactly.
        members.append(("offset", time == nil ? .number(frame.offset) : .exactNumber(frame.offset)))
        if let finger { members.append(("finger", .exactNumber(finger))) }
        members.append(("contentSize", size(frame.contentSize.width, frame.contentSize.height)))
        let drawn = items ?? frame.items.map { AnimatedItem(item: $0, alpha: 1) }
        members.append(
            ("items", .array(drawn.map { item($0, scene: scene, alpha: items == nil ? nil : $0.alpha) })))
        if let inset = contentInset(scene.gallery) { members.append(("contentInset", inset)) }
        if let scrollOffset = frame.scrollOffset { members.append(("scrollOffset", .exactNumber(scrollOffset))) }
        return .object(members)
    }

    /// {width, height}.
    private static func size(_ width: Double, _ height: Double) -> JSONValue {
        .object([("width", .number(width)), ("height", .number(height))])
    }

    /// With a safe area, the content inset on the scroll axis (the others are 0 there).
    private static func contentInset(_ gallery: Gallery) -> JSONValue? {
        let (before, after) = gallery.contentInset.along(vertical: gallery.style.kind.isVertical)
        guard before != 0 || after != 0 else { return nil }
        let names = gallery.style.kind.isVertical ? ("top", "bottom") : ("left", "right")
        return .object([(names.0, .number(before)), (names.1, .number(after))])
    }

    /// With captions, the font they are set in: its family, style and the SHA-256 of its file.
    private static func font(_ scene: Scene) -> JSONValue? {
        guard let font = scene.captions?.font else { return nil }
        return .object([
            ("family", .string(font.family)), ("style", .string(font.style)), ("sha256", .string(font.sha256)),
        ])
    }

    /// One item: index, photo, centre, size and scale, then what it has beyond them.
    private static func item(_ animated: AnimatedItem, scene: Scene, alpha: Double?) -> JSONValue {
        let item = animated.item
        var pairs: [(String, JSONValue)] = []
        pairs.reserveCapacity(8)
        pairs.append(("index", .number(Double(item.index))))
        pairs.append(("photo", scene.photo(forItem: item.index).map(JSONValue.string) ?? .null))
        pairs.append(("center", .object([("x", .number(item.center.x)), ("y", .number(item.center.y))])))
        pairs.append(("size", .number(item.size)))
        pairs.append(("scale", .number(item.scale)))
        appendAttributes(of: item, alpha: alpha, to: &pairs)
        return .object(pairs)
    }

    /// What an item has beyond a plain scale, each only where it is not the default: a carousel's
    /// offset o or a page's progress p, non-square bounds, a transform, alpha (always in a motion,
    /// where the layout gives one, else only below 1), zIndex, the photo's offset in its card, and
    /// the shadow and backdrop blur a page layout gives it. Transforms, progresses and alphas at full
    /// precision.
    private static func appendAttributes(
        of item: LayoutItem, alpha motionAlpha: Double?, to pairs: inout [(String, JSONValue)]
    ) {
        if let offset = item.carouselOffset { pairs.append(("offset", .exactNumber(offset))) }
        if let progress = item.progress { pairs.append(("progress", .exactNumber(progress))) }
        if let bounds = item.bounds, bounds.width != bounds.height {
            pairs.append(("bounds", .object([("width", .number(bounds.width)), ("height", .number(bounds.height))])))
        }
        // A carousel or page item always has its transform (an identity too, as its view does).
        let ownAttributes = item.carouselOffset != nil || item.progress != nil
        if let transform = item.transform, transform.plainScale == nil || ownAttributes {
            pairs.append(("transform", .array(transform.values.map(JSONValue.exactNumber))))
        }
        if let motionAlpha, !ownAttributes {
            pairs.append(("alpha", .number(motionAlpha)))
        } else if ownAttributes || item.alpha < 1 {
            pairs.append(("alpha", .exactNumber(item.alpha)))
        }
        if item.zIndex != 0 { pairs.append(("zIndex", .number(Double(item.zIndex)))) }
        if let shift = item.contentOffset {
            pairs.append(("contentOffset", point(shift)))
        }
        if let shadow = item.shadow {
            pairs.append(
                (
                    "shadow",
                    .object([
                        ("opacity", .exactNumber(shadow.opacity)), ("radius", .exactNumber(shadow.radius)),
                        ("offset", point(shadow.offset)),
                    ])
                ))
        }
        if let blur = item.blur {
            pairs.append(
                (
                    "blur",
                    .object([("fraction", .exactNumber(blur.fraction)), ("translation", point(blur.translation))])
                ))
        }
    }

    /// {x, y} at full precision.
    private static func point(_ p: Point) -> JSONValue {
        .object([("x", .exactNumber(p.x)), ("y", .exactNumber(p.y))])
    }
}
