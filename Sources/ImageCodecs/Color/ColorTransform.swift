import CColor

/// A Little CMS transform from one photo colour description into a frame's colour space. Immutable
/// once built and built without lcms's cache, so any number of threads may apply it at once.
package final class ColorTransform: @unchecked Sendable {
    private let transform: OpaquePointer
    /// Converts every value to itself (within 1): applying it is skipped.
    let isIdentity: Bool

    /// What the pixels it converts hold.
    package enum Pixels: Hashable {
        case rgba
        /// Four bytes of ink a pixel, as a CMYK JPEG stores them (inverted: Adobe's).
        case cmyk(inverted: Bool)

        var shimValue: gr_color_pixels {
            switch self {
            case .rgba: GR_COLOR_PIXELS_RGBA
            case .cmyk(let inverted): inverted ? GR_COLOR_PIXELS_CMYK_INVERTED : GR_COLOR_PIXELS_CMYK
            }
        }
    }

    /// The transform for `color` into `space`, or why there is none.
    static func make(from color: EmbeddedColor, pixels: Pixels = .rgba, to space: ColorSpace)
        -> Result<ColorTransform?, ColorFailure>
    {
        var result = gr_color_result()
        var made: OpaquePointer?
        let status: gr_color_status
        switch color {
        case .untagged, .srgb:
            status = gr_color_transform_from_cicp(1, 13, space.shimValue, &made, &result)
        case .cicp(let primaries, let transfer, _):  // narrow range is widened before (ColorConversion)
            status = gr_color_transform_from_cicp(primaries, transfer, space.shimValue, &made, &result)
        case .icc(let bytes):
            if let inconsistency = ICCProfile(bytes).inconsistency {
                return .failure(ColorFailure(reason: inconsistency))
            }
            status = ICCProfile(bytes).trimmed.withUnsafeBufferPointer {
                gr_color_transform_from_icc($0.baseAddress, $0.count, pixels.shimValue, space.shimValue, &made, &result)
            }
        case .unreadable(let reason):
            return .failure(ColorFailure(reason: reason))
        }
        guard status == GR_COLOR_OK, let made else {
            let reason = status == GR_COLOR_NO_MEMORY ? "out of memory" : FixedCString.string(result.message)
            return .failure(ColorFailure(reason: reason))
        }
        return .success(ColorTransform(made, identity: result.identity != 0))
    }

    private init(_ transform: OpaquePointer, identity: Bool) {
        self.transform = transform
        isIdentity = identity
    }

    deinit { gr_color_transform_free(transform) }

    /// Converts `pixels` (RGBA8) in place.
    package func apply(to pixels: UnsafeMutableBufferPointer<UInt8>) {
        guard let base = pixels.baseAddress, !isIdentity else { return }
        gr_color_apply(transform, base, pixels.count / 4)
    }
}
