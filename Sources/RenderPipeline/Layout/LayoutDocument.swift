import GalleryCore
import GalleryLayout

/// The contract's `layout` document: a frame of a scene as JSON, what `gallery-render layout` prints
/// and what recording writes beside a baseline (`NAME.layout.json`), read back by "what moved".
public enum LayoutDocument {
    /// The pretty object of the frame of `scene` at its offset, with its newline.
    public static func still(_ frame: LayoutFrame, scene: Scene) -> String { object(frame, scene: scene).pretty + "\n" }

    /// One compact object per state of a motion of `scene` (JSON Lines, without newlines).
    public static func lines(_ states: [MotionState], scene: Scene) -> [String] {
        states.map { state in
            var stateScene = scene
            stateScene.gallery = state.gallery
            return object(
                state.frame, scene: stateScene, items: state.items, time: state.time, turn: state.turn,
                finger: state.finger
            ).compact
        }
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
        let timed: [(String, JSONValue)] =
            (time.map { [("time", .number($0))] } ?? []) + (turn.map { [("rotation", .number($0.degrees))] } ?? [])
        let drawn = (items ?? frame.items.map { AnimatedItem(item: $0, alpha: 1) }).map { animated in
            item(animated, scene: scene, alpha: items == nil ? nil : animated.alpha)
        }
        return .object(
            [
                ("layout", .string(scene.gallery.style.name)),
                ("viewport", .object([("width", .number(viewport.width)), ("height", .number(viewport.height))])),
                ("displayScale", .number(scene.displayScale)),
            ] + font(scene) + timed + [
                // A motion's offset to the last bit: `render --offset` of it is the frame exactly.
                ("offset", time == nil ? .number(frame.offset) : .exactNumber(frame.offset))
            ] + (finger.map { [("finger", .exactNumber($0))] } ?? []) + [
                (
                    "contentSize",
                    .object([
                        ("width", .number(frame.contentSize.width)), ("height", .number(frame.contentSize.height)),
                    ])
                ),
                ("items", .array(drawn)),
            ] + contentInset(scene.gallery) + (frame.scrollOffset.map { [("scrollOffset", .exactNumber($0))] } ?? []))
    }

    /// With a safe area, the content inset on the scroll axis (the others are 0 there).
    private static func contentInset(_ gallery: Gallery) -> [(String, JSONValue)] {
        let (before, after) = gallery.contentInset.along(vertical: gallery.style.kind.isVertical)
        guard before != 0 || after != 0 else { return [] }
        let names = gallery.style.kind.isVertical ? ("top", "bottom") : ("left", "right")
        return [("contentInset", .object([(names.0, .number(before)), (names.1, .number(after))]))]
    }

    /// With captions, the font they are set in: its family, style and the SHA-256 of its file.
    private static func font(_ scene: Scene) -> [(String, JSONValue)] {
        guard let font = scene.captions?.font else { return [] }
        return [
            (
                "font",
                .object([
                    ("family", .string(font.family)), ("style", .string(font.style)), ("sha256", .string(font.sha256)),
                ])
            )
        ]
    }

    /// One item: index, photo, centre, size and scale, then what it has beyond them.
    private static func item(_ animated: AnimatedItem, scene: Scene, alpha: Double?) -> JSONValue {
        let item = animated.item
        return .object(
            [
                ("index", .number(Double(item.index))),
                ("photo", scene.photo(forItem: item.index).map(JSONValue.string) ?? .null),
                ("center", .object([("x", .number(item.center.x)), ("y", .number(item.center.y))])),
                ("size", .number(item.size)),
                ("scale", .number(item.scale)),
            ] + attributes(of: item, alpha: alpha))
    }

    /// What an item has beyond a plain scale, each only where it is not the default: a carousel's
    /// offset o or a page's progress p, non-square bounds, a transform, alpha (always in a motion,
    /// where the layout gives one, else only below 1), zIndex, the photo's offset in its card, and
    /// the shadow and backdrop blur a page layout gives it. Transforms, progresses and alphas at full
    /// precision.
    private static func attributes(of item: LayoutItem, alpha motionAlpha: Double?) -> [(String, JSONValue)] {
        var pairs: [(String, JSONValue)] = []
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
        return pairs
    }

    /// {x, y} at full precision.
    private static func point(_ p: Point) -> JSONValue {
        .object([("x", .exactNumber(p.x)), ("y", .exactNumber(p.y))])
    }
}
