import GalleryCore
import GalleryLayout
import ImageCodecs
import Raster

/// Everything that decides how a frame looks, apart from the scroll offset.
public struct Scene: Sendable {
    /// Layout, viewport (points), item count and overscroll.
    public var gallery: Gallery
    /// Pixels per point; the frame is round(width·scale) × round(height·scale) pixels.
    public var displayScale: Double
    public var style: ItemStyle
    public var background: Color
    /// Photo paths; item i shows `photos[i % photos.count]`; none means placeholders only.
    public var photos: [String]
    /// When set, each offset is replaced by where the line layout comes to rest.
    public var snap: Snap?
    /// UIScrollView's `isPagingEnabled`: a fling or a drag's release ends on a page with the paging
    /// spring; with `pagesStills` too, each still offset is replaced by the page it rests on.
    public var paging = false
    /// Whether a still frame rests on a page (`--paging` given). A page layout pages its motions by
    /// default and shows a still where it is asked to, mid-swipe included.
    public var pagesStills = false
    public var budget: PixelBudget
    /// The colour space of the frame: photos are converted into it, and a display-p3 PNG carries
    /// its profile.
    public var colorSpace: ColorSpace
    /// The largest side, in points, any frame draws an item at when it is more than the layout's own
    /// (a transition to a layout with larger items): photos are decoded once, for it.
    public var largestDrawnSide: Double?
    /// A page control over the frame, following the item nearest the centre; nil: none.
    public var pageControl: PageControl.Style?
    /// Every item's label; nil: none.
    public var captions: Captions?

    /// A fling to snap: its velocity (points per second) and deceleration.
    public struct Snap: Sendable, Hashable {
        public var velocity: Double
        public var deceleration: DecelerationRate

        public init(velocity: Double = 0, deceleration: DecelerationRate = .normal) {
            self.velocity = velocity
            self.deceleration = deceleration
        }
    }

    /// Pixels per point when none is given.
    public static let defaultDisplayScale = 1.0
    /// The largest display scale a scene may have.
    public static let largestDisplayScale = 16.0
    /// The frame background when none is given.
    public static let defaultBackground = Color.white
    /// The frame's colour space when none is given.
    public static let defaultColorSpace = ColorSpace.srgb

    public init(
        gallery: Gallery, displayScale: Double = defaultDisplayScale, style: ItemStyle = ItemStyle(),
        background: Color = defaultBackground,
        photos: [String] = [], snap: Snap? = nil, budget: PixelBudget = .standard,
        colorSpace: ColorSpace = defaultColorSpace
    ) {
        self.gallery = gallery
        self.displayScale = displayScale
        self.style = style
        self.background = background
        self.photos = photos
        self.snap = snap
        self.budget = budget
        self.colorSpace = colorSpace
    }

    /// `color`, given in sRGB as every colour option is, in the frame's colour space: converted as a
    /// photo's pixels are, alpha kept. The frame's planner and painter call it where they take a colour
    /// from the scene (the background, placeholder and border; shadows, captions and the page control),
    /// so each is converted once, in stills and motions alike.
    public func framed(_ color: Color) -> Color {
        guard colorSpace != .srgb else { return color }
        let rgb = colorSpace.converting(srgb: SIMD3(color.r, color.g, color.b))
        return Color(r: rgb.x, g: rgb.y, b: rgb.z, a: color.a)
    }

    /// The scene's shadow as a layout item carries one (its colour stays the style's); nil when
    /// items have none.
    var itemShadow: ItemShadow? {
        let shadow = style.shadow
        guard shadow.opacity > 0, shadow.color.a > 0 else { return nil }
        return ItemShadow(
            opacity: shadow.opacity, radius: shadow.radius, offset: Point(x: shadow.offsetX, y: shadow.offsetY))
    }

    /// The frame size in pixels.
    public var pixelSize: PixelSize {
        PixelSize(
            width: Int((gallery.viewport.width * displayScale).rounded()),
            height: Int((gallery.viewport.height * displayScale).rounded()))
    }

    /// The box, in pixels, every photo of this scene is decoded for: the largest an item can be drawn
    /// at, whatever the offset. It depends on the scene alone, so a frame renders the same alone, in a
    /// sequence, in a manifest with other scenes, or in any shard.
    public var decodeBox: PixelSize {
        // Past the largest image side a budget allows, a bigger box changes no decode.
        let largest = max(gallery.largestItemSide, largestDrawnSide ?? 0)
        let side = max(1, Int(min((largest * displayScale).rounded(.up), Double(1 << 20))))
        return PixelSize(width: side, height: side)
    }

    /// How photos fill `decodeBox`, for choosing the decode scale.
    public var decodeFit: DecodeOptions.TargetFit { style.contentMode == .aspectFit ? .fit : .cover }

    /// The cache key of the photo at `path` in this scene: the photo and the box this scene needs.
    public func photoKey(_ path: String) -> PhotoKey { photoKeys(path) }

    /// `photoKey` for many photos: the decode box (four layouts of a carousel) worked out once.
    public var photoKeys: @Sendable (String) -> PhotoKey {
        let (budget, box, fit, colorSpace) = (budget, decodeBox, decodeFit, colorSpace)
        return { PhotoKey(path: $0, budget: budget, box: box, fit: fit, colorSpace: colorSpace) }
    }

    /// The photo shown by item `index`, or nil for a placeholder.
    public func photo(forItem index: Int) -> String? {
        photos.isEmpty ? nil : photos[index % photos.count]
    }

    /// The layout at `offset`, after snapping (when asked) and clamping.
    public func layout(atOffset offset: Double) throws(LayoutError) -> LayoutFrame {
        // An offset out of range (or not a number) is refused by the layout as it is.
        // Clamped first, as `--offset` always is, then paged as a release without speed: two offsets
        // that clamp alike show one page (found by review: 1530 showed 1500, and 1700 1530).
        if paging, pagesStills, LayoutError.offsetRange.contains(offset) {
            let range = gallery.scrollableRange
            return try gallery.frame(atOffset: gallery.paged(min(max(offset, range.lowerBound), range.upperBound)))
        }
        let rest = snap.map { gallery.snapped(offset, velocity: $0.velocity, deceleration: $0.deceleration) } ?? offset
        return try gallery.frame(atOffset: rest)
    }
}
