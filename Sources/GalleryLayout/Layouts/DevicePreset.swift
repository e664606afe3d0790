/// An iOS device's screen in points, portrait, with its display scale.
public struct DevicePreset: Sendable, Hashable {
    public let name: String
    /// Portrait size in points.
    public let size: Size
    /// Pixels per point.
    public let displayScale: Double
    /// UIKit's safe-area insets of a full-screen view, portrait and landscape (docs/usage.md, "Safe
    /// areas", gives the sources).
    public let safeArea: (portrait: EdgeInsets, landscape: EdgeInsets)

    public init(name: String, width: Double, height: Double, displayScale: Double, safeArea: SafeArea) {
        self.name = name
        self.size = Size(width: width, height: height)
        self.displayScale = displayScale
        self.safeArea = safeArea.insets
    }

    public static func == (a: DevicePreset, b: DevicePreset) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The safe areas of the preset families: a status bar only, or a sensor housing and a home
    /// indicator, in portrait and landscape.
    public enum SafeArea: Sendable {
        /// An iPhone with a home button: the 20 pt status bar in portrait, none in landscape.
        case homeButtonPhone
        /// A notch or Dynamic Island of this height in portrait (the housing's side in landscape), the
        /// 34 pt home indicator in portrait and `landscapeBottom` in landscape.
        case housing(Double, landscapeBottom: Double)
        /// An iPad with a home button: the 20 pt status bar in both orientations.
        case homeButtonPad
        /// An iPad with Face ID: the 24 pt status bar and the 20 pt home indicator in both.
        case faceIDPad

        var insets: (portrait: EdgeInsets, landscape: EdgeInsets) {
            switch self {
            case .homeButtonPhone: (EdgeInsets(top: 20), .zero)
            case .housing(let top, let bottom):
                (EdgeInsets(top: top, bottom: 34), EdgeInsets(left: top, bottom: bottom, right: top))
            case .homeButtonPad: (EdgeInsets(top: 20), EdgeInsets(top: 20))
            case .faceIDPad: (EdgeInsets(top: 24, bottom: 20), EdgeInsets(top: 24, bottom: 20))
            }
        }
    }

    /// The safe-area insets in `landscape` or portrait.
    public func safeArea(landscape: Bool) -> EdgeInsets { landscape ? safeArea.landscape : safeArea.portrait }

    /// The screen size in `landscape` or portrait. Rotation is just another viewport: every size and
    /// radius is recomputed from it, never carried over.
    public func screen(landscape: Bool) -> Size { landscape ? size.transposed : size }

    /// The presets: the older ones smallest first, then today's phones.
    public static let all: [DevicePreset] = [
        DevicePreset(name: "iphone-se", width: 320, height: 568, displayScale: 2, safeArea: .homeButtonPhone),
        DevicePreset(name: "iphone-8", width: 375, height: 667, displayScale: 2, safeArea: .homeButtonPhone),
        DevicePreset(name: "iphone-8-plus", width: 414, height: 736, displayScale: 3, safeArea: .homeButtonPhone),
        DevicePreset(
            name: "iphone-15", width: 393, height: 852, displayScale: 3, safeArea: .housing(59, landscapeBottom: 21)),
        DevicePreset(
            name: "iphone-15-pro-max", width: 430, height: 932, displayScale: 3,
            safeArea: .housing(59, landscapeBottom: 21)),
        // Today's phones, as Apple publishes their screens in points and scales.
        DevicePreset(name: "iphone-se-2", width: 375, height: 667, displayScale: 2, safeArea: .homeButtonPhone),
        DevicePreset(name: "iphone-se-3", width: 375, height: 667, displayScale: 2, safeArea: .homeButtonPhone),
        DevicePreset(
            name: "iphone-16", width: 393, height: 852, displayScale: 3, safeArea: .housing(59, landscapeBottom: 21)),
        DevicePreset(
            name: "iphone-16-plus", width: 430, height: 932, displayScale: 3,
            safeArea: .housing(59, landscapeBottom: 21)),
        DevicePreset(
            name: "iphone-16-pro", width: 402, height: 874, displayScale: 3, safeArea: .housing(62, landscapeBottom: 20)
        ),
        DevicePreset(
            name: "iphone-16-pro-max", width: 440, height: 956, displayScale: 3,
            safeArea: .housing(62, landscapeBottom: 20)),
        DevicePreset(
            name: "iphone-17", width: 402, height: 874, displayScale: 3, safeArea: .housing(62, landscapeBottom: 20)),
        DevicePreset(
            name: "iphone-air", width: 420, height: 912, displayScale: 3, safeArea: .housing(68, landscapeBottom: 21)),
        DevicePreset(
            name: "iphone-17-pro", width: 402, height: 874, displayScale: 3, safeArea: .housing(62, landscapeBottom: 20)
        ),
        DevicePreset(
            name: "iphone-17-pro-max", width: 440, height: 956, displayScale: 3,
            safeArea: .housing(62, landscapeBottom: 20)),
        DevicePreset(name: "ipad", width: 768, height: 1024, displayScale: 2, safeArea: .homeButtonPad),
        DevicePreset(name: "ipad-pro-12.9", width: 1024, height: 1366, displayScale: 2, safeArea: .faceIDPad),
    ]

    /// The preset called `name`, or nil.
    public static func named(_ name: String) -> DevicePreset? { all.first { $0.name == name } }
}
