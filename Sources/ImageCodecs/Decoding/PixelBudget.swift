import GalleryCore

/// Upper bounds on an image's declared size, checked from its header before any pixel buffer is
/// allocated, so a hostile header cannot make the process allocate gigabytes.
public struct PixelBudget: Sendable, Hashable {
    /// Most pixels (width × height) an image may declare.
    public var maxPixels: Int
    /// Longest side an image may declare, in pixels.
    public var maxSide: Int
    /// Most scans a progressive JPEG may have (libjpeg-turbo's TJFLAG_LIMITSCANS bound).
    public var maxScans: Int
    /// Most blocks a JPEG's scans may decode in all, each scan's components' blocks summed: every
    /// scan goes over all its blocks, so 480 scans of a 10000 × 10000 image in a 1.2 MB file took 38 s
    /// under the scan limit (found by review). One a pixel of the budget (100 million for 100
    /// megapixels) is 4.5 times what a 4:4:4 JPEG of the budget's size needs in libjpeg's standard
    /// progression (14 component scans of a 64th of its pixels each), and a few seconds of work. The
    /// decoder holds a file to 16 passes over its own blocks too (CJPEG's GR_JPEG_SCAN_PASSES), so a
    /// larger budget does not let a small hostile file cost more.
    public var maxScanBlocks: Int

    /// `maxScanBlocks` nil: as many as `maxPixels`, so a larger budget takes larger progressive JPEGs.
    public init(
        maxPixels: Int = 100_000_000, maxSide: Int = 32_768, maxScans: Int = 500, maxScanBlocks: Int? = nil
    ) {
        self.maxPixels = maxPixels
        self.maxSide = maxSide
        self.maxScans = maxScans
        self.maxScanBlocks = maxScanBlocks ?? maxPixels
    }

    /// 100 megapixels, 32768 px per side, 500 scans, 100 million scan blocks.
    public static let standard = PixelBudget()

    /// No limit: for reading what a header declares, never for decoding.
    static let unlimited = PixelBudget(maxPixels: .max, maxSide: .max, maxScans: .max, maxScanBlocks: .max)

    /// A budget of `megapixels` million pixels with the standard side and scan limits.
    public init(megapixels: Double) {
        self.init(maxPixels: Int((megapixels * 1_000_000).rounded()))
    }

    /// `maxPixels` in millions.
    public var megapixels: Double { Double(maxPixels) / 1_000_000 }

    /// The largest file read for an image under this budget: room for every pixel at 16-bit RGBA stored
    /// uncompressed, plus 64 MiB of metadata. Larger files are refused before they are read.
    public var maxFileBytes: Int { maxPixels * 8 + (64 << 20) }

    /// True when an image of `size` fits the budget.
    public func allows(_ size: PixelSize) -> Bool {
        size.width <= maxSide && size.height <= maxSide && size.width * size.height <= maxPixels
    }
}
