import GalleryCore
import GalleryLayout

/// A frame's identity in the frame cache: the SHA-256 of everything that decides its bytes (CONTRACT.md,
/// "Frame cache"): the tool's version and linked libraries, the scene's resolved options, the item
/// count, the caption font, the frame's offset (or an animation's start), and for each item it lays
/// out the bytes and file name of its photo (a caption may show the name; an item that paints no
/// pixel, `HiddenPhotos`, counts too). Paths are not in it: a
/// checkout in another folder, or a scene renamed, finds the same frames.
public struct FrameKey: Sendable, Hashable, CustomStringConvertible {
    /// 64 hex digits.
    public let hex: String

    public var description: String { hex }

    /// The key of a file of `job` showing `plans` (one still, or every frame of an animation) from
    /// `offset`; nil when the job is not cached or a photo it draws cannot be read.
    static func make(
        job: RenderJob, identity: String, plans: [FramePlan], offset: Double, digests: PhotoDigests
    ) -> FrameKey? {
        guard let scene = job.cacheIdentity else { return nil }
        var text = "gallery-render frame cache 1\n\(identity)\nscene: \(scene)\n"
        text += "items: \(job.scene.gallery.itemCount)\nsize: \(job.scene.pixelSize)\n"
        text += "font: \(job.scene.captions?.font.sha256 ?? "none")\n"
        switch job.frames {
        case .offsets: text += "still at \(JSONValue.shortest(offset))\n"
        case .motion: text += "motion from \(JSONValue.shortest(offset)), \(plans.count) frames\n"
        }
        var drawn: [Int: String] = [:]
        for plan in plans {
            for item in plan.items { if let photo = item.photo ?? item.hiddenPhoto { drawn[item.index] = photo } }
        }
        for (index, photo) in drawn.sorted(by: { $0.key < $1.key }) {
            guard let digest = digests.digest(of: photo) else { return nil }
            text += "item \(index): \(digest) \(SystemPath.lastComponent(photo))\n"
        }
        return FrameKey(hex: SHA256.hex(Array(text.utf8)))
    }
}

/// Each photo's SHA-256, read once per run; nil for one that cannot be read (its frames are not cached:
/// they render, with the warning that says why).
final class PhotoDigests: Sendable {
    private let known = Locked([String: String?]())
    /// The largest photo hashed; a larger one is not cached.
    static let byteLimit = 256 << 20

    func digest(of path: String) -> String? {
        if let digest = known.withLock({ $0[path] }) { return digest }
        let digest = (try? RegularFile.contents(atPath: path, limit: Self.byteLimit)).map(SHA256.hex)
        known.withLock { $0[path] = digest }
        return digest
    }
}
