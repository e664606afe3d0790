import GalleryCore
import GalleryLayout
import ImageCodecs
import Raster

/// Every planned use of every photo, known before anything is decoded (frames are planned first):
/// which keys each photo is asked for, where each use draws it, the order frames first need them,
/// and how many uses remain. Pure: the cache asks it, and counts uses off as frames finish.
struct DecodePlan: Sendable {
    /// Where a planned use draws its photo: what decides which of the photo's pixels it reads. Kept
    /// small, as a frame of a million items plans a million (found by review: 720 bytes each, with
    /// its scene's style and a 3D item's placement inline): the style by its place in `styles`, the
    /// rare partly shown 3D item boxed.
    struct Use: Hashable, Sendable {
        let placement: ItemPainter.Placement
        /// A 3D item's untransformed bounds and photo offset: it reads the part of the photo its
        /// content mode shows (its pyramid is built from that).
        let projected: Size?
        let shift: Point?
        let canvas: PixelSize
        /// The scene's style, as `styles[style]`.
        let style: Int
        /// A 3D item partly under items that hide what is under them, or cut by the frame's edges:
        /// it reads only the part of its photo it shows (`ProjectedItemPainter.readRegion`).
        let partial: Partial?
    }

    /// A 3D item that shows in part: its placement, and the items over it that hide what is under
    /// them. A class, so an optional one is a pointer in every `Use`; equal by value.
    final class Partial: Hashable, Sendable {
        let placement: ProjectedPlacement
        let coveredBy: [ProjectedPlacement]

        init(placement: ProjectedPlacement, coveredBy: [ProjectedPlacement]) {
            (self.placement, self.coveredBy) = (placement, coveredBy)
        }

        static func == (a: Partial, b: Partial) -> Bool {
            a.placement == b.placement && a.coveredBy == b.coveredBy
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(placement)
            hasher.combine(coveredBy)
        }
    }

    /// The scenes' styles, each once.
    private let styles: [ItemStyle]

    /// Every planned use per file and key.
    private let uses: [PhotoSource: [PhotoKey: Set<Use>]]
    /// Every planned key once, in the order frames first use them.
    let upcoming: [PhotoKey]
    /// Planned uses not yet over, per photo file (all boxes together).
    private var remaining: [PhotoSource: Int] = [:]

    init(plans: [(plan: FramePlan, scene: Scene)]) {
        var uses: [PhotoSource: [PhotoKey: Set<Use>]] = [:]
        var upcoming: [PhotoKey] = []
        var styles: [ItemStyle] = []
        var styleIndex: [ItemStyle: Int] = [:]
        for (plan, scene) in plans {
            let photoKey = scene.photoKeys
            let style = styleIndex[scene.style] ?? styles.count
            if style == styles.count {
                styles.append(scene.style)
                styleIndex[scene.style] = style
            }
            for item in plan.items {
                guard let path = item.photo else { continue }
                let key = photoKey(path), source = PhotoSource(key)
                if uses[source]?[key] == nil { upcoming.append(key) }
                remaining[source, default: 0] += 1
                uses[source, default: [:]][key, default: []]
                    .insert(
                        Use(
                            placement: item.placement,
                            projected: item.projected.map { Size(width: $0.width, height: $0.height) },
                            shift: item.projected.map { Point(x: $0.contentOffsetX, y: $0.contentOffsetY) },
                            canvas: plan.size,
                            style: style,
                            partial: Self.partial(item, canvas: plan.size)))
            }
        }
        self.uses = uses
        self.upcoming = upcoming
        self.styles = styles
    }

    /// `item`'s placement if it is a 3D item that shows in part on a `canvas` frame.
    private static func partial(_ item: FramePlan.Item, canvas: PixelSize) -> Partial? {
        guard let placement = item.projected,
            !item.coveredBy.isEmpty
                || ProjectedItemPainter.isCut(placement, canvasWidth: canvas.width, canvasHeight: canvas.height)
        else { return nil }
        return Partial(placement: placement, coveredBy: item.coveredBy)
    }

    /// Whether any planned use of `source` is still to come.
    func isNeeded(_ source: PhotoSource) -> Bool { (remaining[source] ?? 0) > 0 }

    /// One planned use of `source` is over; true when none is left.
    mutating func consume(_ source: PhotoSource) -> Bool {
        let left = (remaining[source] ?? 1) - 1
        remaining[source] = left
        return left <= 0
    }

    /// The part of `source`'s decode at DCT scale `scale` that its planned uses read: all keys that
    /// share that decode together, so the pixels never depend on which frame asked first. The part a
    /// 3D item that shows in part reads is worked out only when the others' do not already hold all
    /// it shows.
    func region(of source: PhotoSource, scale: Int, header: ImageHeader) -> ImageRegion? {
        guard let size = header.decodedSize(scaleEighths: scale) else { return nil }
        var region = ImageRegion(x: 0..<0, y: 0..<0)
        var partial: [(Partial, Use, shown: ImageRegion)] = []
        for (key, planned) in uses[source] ?? [:] where header.decodeScale(options: key.options) == scale {
            for use in planned {
                let shown = Self.shown(by: use, style: styles[use.style], ofPhoto: size)
                if let part = use.partial { partial.append((part, use, shown)) } else { region = region.union(shown) }
            }
        }
        for (part, use, shown) in partial where !region.contains(shown) {
            let read = ProjectedItemPainter(style: styles[use.style]).readRegion(
                ofPhoto: size, placement: part.placement, coveredBy: part.coveredBy,
                canvasWidth: use.canvas.width, canvasHeight: use.canvas.height)
            region = region.union(read)
        }
        return region.isEmpty ? nil : region
    }

    /// The part of a `size` photo that `use` shows, all of it, covered or not.
    private static func shown(by use: Use, style: ItemStyle, ofPhoto size: PixelSize) -> ImageRegion {
        if let projected = use.projected {
            return ProjectedItemPainter(style: style).sourceRegion(
                ofPhoto: size, width: projected.width, height: projected.height,
                shift: (use.shift?.x ?? 0, use.shift?.y ?? 0))
        }
        return ItemPainter(style: style).sourceRegion(
            ofPhoto: size, for: use.placement, canvasWidth: use.canvas.width, canvasHeight: use.canvas.height)
    }
}
