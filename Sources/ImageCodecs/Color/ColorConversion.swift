import GalleryCore

/// Converts decoded photos into a frame's colour space, building each distinct transform once per
/// process (a batch of iPhone photos shares one Display P3 profile, so one transform).
package enum ColorConversion {
    private static let transforms = Locked([TransformKey: Result<ColorTransform?, ColorFailure>]())
    /// Distinct profiles kept; past this the cache starts over (a folder of many different profiles
    /// rebuilds some, which costs time, never memory).
    private static let capacity = 64

    private struct TransformKey: Hashable {
        let color: EmbeddedColor
        let pixels: ColorTransform.Pixels
        let space: ColorSpace
    }

    /// `decoded`'s pixels, converted from its embedded colour into `space`. A profile that cannot be
    /// used leaves the pixels as they are (taken as sRGB) and adds a warning saying why.
    static func convert(_ decoded: inout DecodedImage, to space: ColorSpace) {
        guard let transform = prepare(&decoded, to: space) else { return }
        decoded.image.pixels.withUnsafeMutableBufferPointer { transform.apply(to: $0) }
    }

    /// All of `convert` but the pixel loop: the transform still to apply to `decoded`'s pixels, or nil
    /// when there is none (no conversion needed, or the warning added).
    static func prepare(_ decoded: inout DecodedImage, to space: ColorSpace) -> ColorTransform? {
        var color = decoded.color
        decoded.colorSpace = space
        if space == .srgb, color.isSRGB { return nil }
        // A gray profile describes gray pixels; on a colour photo it would turn it gray.
        if case .icc(let profile) = color, ICCProfile(profile).isGray, !isGray(decoded.image.pixels) {
            color = .unreadable("a gray profile on colour pixels")
        }
        if case .cicp(let primaries, let transfer, fullRange: false) = color {
            widen(&decoded.image.pixels)
            color = .cicp(primaries: primaries, transfer: transfer)
            if space == .srgb, color.isSRGB { return nil }
        }
        switch transform(for: color, to: space) {
        case .success(let transform):
            guard let transform, !transform.isIdentity else { return nil }
            return transform
        case .failure(let failure):
            decoded.warnings.append("colour profile ignored, taken as sRGB: \(failure.reason)")
            return nil
        }
    }

    /// `pixels` (RGBA8, or CMYK ink that becomes RGBA8) converted from `color` into `space`; the
    /// reason when the profile cannot be used (the pixels are then unchanged). The CMYK JPEG decoder's
    /// and the fuzz target's way in.
    package static func convert(
        pixels: inout [UInt8], from color: EmbeddedColor, ink: ColorTransform.Pixels = .rgba, to space: ColorSpace
    ) -> String? {
        switch transform(for: color, pixels: ink, to: space) {
        case .success(let transform):
            pixels.withUnsafeMutableBufferPointer { buffer in transform?.apply(to: buffer) }
            return nil
        case .failure(let failure): return failure.reason
        }
    }

    /// Narrow-range RGB (black 16, white 235, ITU-T H.273) to full range, rounded; alpha untouched.
    private static func widen(_ pixels: inout [UInt8]) {
        let table = (0..<256).map { UInt8((Double(min(max($0, 16), 235) - 16) * 255 / 219).rounded()) }
        pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count - 3, by: 4) {
                (p[i], p[i + 1], p[i + 2]) = (table[Int(p[i])], table[Int(p[i + 1])], table[Int(p[i + 2])])
            }
        }
    }

    /// True when every pixel has R = G = B.
    private static func isGray(_ pixels: [UInt8]) -> Bool {
        pixels.withUnsafeBufferPointer { p in
            stride(from: 0, to: p.count - 3, by: 4).allSatisfy { p[$0] == p[$0 + 1] && p[$0] == p[$0 + 2] }
        }
    }

    /// The transform for `color` into `space`, built once per process (the cache above).
    static func transform(
        for color: EmbeddedColor, pixels: ColorTransform.Pixels = .rgba, to space: ColorSpace
    ) -> Result<ColorTransform?, ColorFailure> {
        let key = TransformKey(color: color, pixels: pixels, space: space)
        if let known = transforms.withLock({ $0[key] }) { return known }
        // Built outside the lock: two threads may build the same transform once each, never wait.
        let made = ColorTransform.make(from: color, pixels: pixels, to: space)
        transforms.withLock { cache in
            if cache.count >= capacity { cache.removeAll() }
            cache[key] = made
        }
        return made
    }
}
