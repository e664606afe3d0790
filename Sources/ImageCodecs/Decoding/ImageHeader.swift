import GalleryCore

/// What a file's headers say that decides how it decodes: its format and, for a JPEG, the stored size
/// and EXIF orientation; for a HEIF, its sizes. Read once per file, it gives the decode scale for any target without I/O.
public struct ImageHeader: Sendable, Hashable {
    public let format: ImageFormat?
    /// JPEG only: the stored (not rotated) size; nil when the header cannot be read.
    public let storedSize: PixelSize?
    public let orientation: EXIFOrientation
    /// HEIF and AVIF only: the declared sizes; nil when the boxes cannot be read.
    public let heif: HEIFDecoder.Header?
    /// PNG and WebP only: the declared size (IHDR, or the VP8/VP8L/VP8X header).
    public let declaredSize: PixelSize?

    /// Reads the headers of `bytes` (nothing decoded, nothing allocated).
    public init(_ bytes: [UInt8]) {
        format = ImageFormat(sniffing: bytes)
        storedSize = format == .jpeg ? try? JPEGDecoder.header(bytes) : nil
        orientation = format == .jpeg ? EXIFReader.orientation(ofJPEG: bytes) : .up
        declaredSize =
            switch format {
            case .png: PNGDecoder.declaredSize(bytes)
            case .webp: try? WebPDecoder.header(bytes)
            default: nil
            }
        heif =
            format == .heif || format == .avif
            ? try? HEIFDecoder.header(bytes, budget: .unlimited, format: format ?? .heif) : nil
    }

    /// The size of the whole upright decode at scale `scaleEighths`: a JPEG's DCT scale, or a HEIF's
    /// primary image reduced by 8 / scale; nil for a PNG or WebP (read whole anyway), a HEIF's
    /// thumbnail (0) or an unreadable header.
    public func decodedSize(scaleEighths m: Int) -> PixelSize? {
        if format == .heif || format == .avif, let size = heif?.size, [1, 2, 4, 8].contains(m) {
            return size.reduced(by: 8 / m)  // the primary image reduced (HEIFDecoder.Plan); 0 is the thumbnail
        }
        guard format == .jpeg, let stored = storedSize, (1...8).contains(m) else { return nil }
        let scaled = PixelSize(width: (stored.width * m + 7) / 8, height: (stored.height * m + 7) / 8)
        return orientation.swapsAxes ? scaled.transposed : scaled
    }

    /// The DCT scale M (in eighths) a decode with `options` uses: what the decoded pixels depend on
    /// besides the bytes. 8 / divisor for PNG and WebP (reduced after decoding); for HEIF 8 / divisor (the primary image reduced) or 0 (its thumbnail);
    /// nil when the decode will fail (same bytes, same failure).
    public func decodeScale(options: DecodeOptions) -> Int? {
        switch format {
        case .png, .webp: 8 / (declaredSize.map { options.reductionDivisor(for: $0) } ?? 1)
        case .heif, .avif:
            heif.map { header in
                options.budget.allows(header.size) ? HEIFDecoder.plan(header, options: options).scaleEighths : nil
            } ?? nil
        case .jpeg:
            storedSize.flatMap { try? JPEGDecoder.plannedScale(full: $0, orientation: orientation, options: options) }
        case nil: nil
        }
    }
}
