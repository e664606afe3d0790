/// What a photo says about its colours: the colour space its stored values are in.
public enum EmbeddedColor: Sendable, Hashable, CustomStringConvertible {
    /// Nothing said: sRGB.
    case untagged
    /// A PNG sRGB chunk.
    case srgb
    /// An embedded ICC profile (JPEG APP2, PNG iCCP, HEIF colr, WebP ICCP).
    case icc([UInt8])
    /// CICP code points (ITU-T H.273), from a HEIF nclx box or a PNG cICP chunk. Narrow range
    /// (`fullRange` false) stores each RGB value as 16…235; a HEIF's RGB is full range once converted.
    case cicp(primaries: UInt16, transfer: UInt16, fullRange: Bool = true)
    /// A profile was there but could not be taken out of the file: why.
    case unreadable(String)

    /// True when the stored values are sRGB's without any conversion.
    public var isSRGB: Bool {
        switch self {
        case .untagged, .srgb: true
        case .cicp(let primaries, let transfer, let fullRange):
            fullRange && [1, 2].contains(primaries) && [2, 13].contains(transfer)
        case .icc, .unreadable: false
        }
    }

    /// True when the stored values already are `space`'s: converting them into it changes no value
    /// by more than 1 (an sRGB profile, whichever maker wrote it, means sRGB).
    public func means(_ space: ColorSpace) -> Bool {
        if space == .srgb && isSRGB { return true }
        if case .cicp(_, _, fullRange: false) = self { return false }  // 16…235 is no space's own values
        guard case .success(let transform?) = ColorConversion.transform(for: self, to: space) else { return false }
        return transform.isIdentity
    }

    public var description: String {
        switch self {
        case .untagged: "no colour profile (sRGB)"
        case .srgb: "sRGB"
        case .icc(let bytes): ICCProfile(bytes).description
        case .cicp(let primaries, let transfer, let fullRange):
            "CICP primaries \(primaries), transfer \(transfer)\(fullRange ? "" : ", narrow range")"
        case .unreadable(let reason): "an unreadable profile (\(reason))"
        }
    }
}
