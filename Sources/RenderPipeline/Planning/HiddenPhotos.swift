import GalleryCore
import ImageCodecs
import Raster

/// A 3D item that paints no pixel of its frame (`ProjectedItemPainter.hidden`: wholly under opaque
/// items in front of it) needs no photo: its photo is left out of the frame's plan, so it is neither
/// decoded nor warned of, and the item draws its placeholder, which nothing shows (the frame cache's
/// key still holds it: a caption may name it). One partly under them reads only the part of its photo
/// it shows (`FramePlan.Item.coveredBy`). Frames with a backdrop blur (it reads the pixels round
/// it) or an item drawn as a group (its pieces are prepared opaque and faded together) keep every
/// photo, and so does a `--strict` run, where every photo a frame lays out must read.
enum HiddenPhotos {
    /// `plans` of a scene drawn in `style`, each hidden item's photo left out; `opaque` says whether a
    /// photo decodes without transparency.
    static func dropped(from plans: [FramePlan], style: ItemStyle, opaque: OpaquePhotos) -> [FramePlan] {
        let painter = ProjectedItemPainter(style: style)
        return plans.map { plan in
            guard plan.items.contains(where: { $0.projected != nil }),
                !plan.items.contains(where: { $0.backdrop != nil || $0.group != nil })
            else { return plan }
            let covers = plan.items.map { item in
                item.projected.map {
                    ProjectedItemPainter.Cover(placement: $0, opaquePhoto: item.photo.map(opaque.isOpaque) ?? true)
                }
            }
            var plan = plan
            let hidden = painter.hidden(covers, canvasWidth: plan.size.width, canvasHeight: plan.size.height)
            for position in hidden {
                (plan.items[position].hiddenPhoto, plan.items[position].photo) = (plan.items[position].photo, nil)
            }
            Self.noteOccluders(in: &plan, covers: covers, painter: painter)
            return plan
        }
    }

    /// Gives each 3D item with a photo the items after it that hide what is under them: its photo is
    /// then read only where it shows.
    private static func noteOccluders(
        in plan: inout FramePlan, covers: [ProjectedItemPainter.Cover?], painter: ProjectedItemPainter
    ) {
        var occluders: [ProjectedPlacement] = []
        for position in covers.indices.reversed() {
            guard let cover = covers[position] else { continue }
            if plan.items[position].photo != nil { plan.items[position].coveredBy = occluders }
            if painter.hidesWhatIsUnder(cover) { occluders.append(cover.placement) }
        }
    }
}

/// Which photos are known to decode without transparency: JPEG files (by their first bytes), read
/// once a run. A photo given as pixels, or one that cannot be read, is not known to.
final class OpaquePhotos: Sendable {
    private let given: Set<String>
    private let known = Locked([String: Bool]())

    init(given: Set<String>) { self.given = given }

    func isOpaque(_ path: String) -> Bool {
        if let known = known.withLock({ $0[path] }) { return known }
        let opaque = !given.contains(path) && Self.startsLikeJPEG(path)
        known.withLock { $0[path] = opaque }
        return opaque
    }

    /// Whether the file at `path` is a JPEG by its magic bytes, as the decoder will take it.
    private static func startsLikeJPEG(_ path: String) -> Bool {
        guard let file = try? RegularFile(path: path) else { return false }
        var head = [UInt8](repeating: 0, count: 16)
        let count = head.withUnsafeMutableBytes { buffer in
            buffer.baseAddress.map { (try? file.read(into: $0, count: 16, at: 0)) ?? 0 } ?? 0
        }
        return ImageFormat(sniffing: head.prefix(count)) == .jpeg
    }
}
