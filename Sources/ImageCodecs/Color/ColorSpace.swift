import CColor
import GalleryCore

/// The colour space a frame is rendered in; photos are converted into it.
public enum ColorSpace: String, Sendable, Hashable, CaseIterable {
    case srgb
    /// Display P3 (D65 white, sRGB's tone curve), as iPhone screenshots are.
    case displayP3 = "display-p3"

    var shimValue: gr_color_space {
        switch self {
        case .srgb: GR_COLOR_SPACE_SRGB
        case .displayP3: GR_COLOR_SPACE_DISPLAY_P3
        }
    }

    /// The ICC profile a frame in this space carries (a PNG's iCCP), made by Little CMS once.
    public var iccProfile: [UInt8] {
        switch self {
        case .srgb: Self.srgbProfile
        case .displayP3: Self.displayP3Profile
        }
    }

    /// The 8-bit sRGB colour `rgb` in this space, converted as an untagged photo's pixels are (the
    /// same Little CMS transform), so that a colour given as an option matches a photo of it; itself
    /// in sRGB. An option's colour is sRGB, as a UIColor made from hex is, and UIKit converts it when
    /// it draws into a P3 context (found by review: it was written into a P3 frame unconverted).
    public func converting(srgb rgb: SIMD3<UInt8>) -> SIMD3<UInt8> {
        guard self != .srgb else { return rgb }
        if let known = Self.converted.withLock({ $0[Conversion(space: self, rgb: rgb)] }) { return known }
        guard case .success(let transform?) = ColorTransform.make(from: .srgb, to: self) else { return rgb }
        var pixel: [UInt8] = [rgb.x, rgb.y, rgb.z, 255]
        pixel.withUnsafeMutableBufferPointer { transform.apply(to: $0) }
        let result = SIMD3(pixel[0], pixel[1], pixel[2])
        Self.converted.withLock { $0[Conversion(space: self, rgb: rgb)] = result }
        return result
    }

    private struct Conversion: Hashable {
        var space: ColorSpace
        var rgb: SIMD3<UInt8>
    }

    /// Colours converted so far: every frame plans its few colours again.
    private static let converted = Locked([Conversion: SIMD3<UInt8>]())

    private static let srgbProfile = makeProfile(GR_COLOR_SPACE_SRGB)
    private static let displayP3Profile = makeProfile(GR_COLOR_SPACE_DISPLAY_P3)

    private static func makeProfile(_ space: gr_color_space) -> [UInt8] {
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard gr_color_profile(space, &bytes, &size) == GR_COLOR_OK, let bytes else { return [] }
        defer { gr_color_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: size))
    }
}
