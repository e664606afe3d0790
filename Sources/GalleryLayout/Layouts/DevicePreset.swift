/// An iOS device's screen in points, portrait, with its display scale.
public struct DevicePreset: Sendable, Hashable {
    public let name: String
    /// Portrait size in points.
    public let size: Size
    /// Pixels per point.
    public let displayScale: Double

    public init(name: String, width: Double, height: Double, displayScale: Double) {
        self.name = name
        self.size = Size(width: width, height: height)
        self.displayScale = displayScale
    }

    /// The screen size in `landscape` or portrait. Rotation is just another viewport: every size and
    /// radius is recomputed from it, never carried over.
    public func screen(landscape: Bool) -> Size { landscape ? size.transposed : size }

    /// The presets: the older ones smallest first, then today's phones.
    public static let all: [DevicePreset] = [
        DevicePreset(name: "iphone-se", width: 320, height: 568, displayScale: 2),
        DevicePreset(name: "iphone-8", width: 375, height: 667, displayScale: 2),
        DevicePreset(name: "iphone-8-plus", width: 414, height: 736, displayScale: 3),
        DevicePreset(name: "iphone-15", width: 393, height: 852, displayScale: 3),
        DevicePreset(name: "iphone-15-pro-max", width: 430, height: 932, displayScale: 3),
        // Today's phones, as Apple publishes their screens in points and scales.
        DevicePreset(name: "iphone-se-2", width: 375, height: 667, displayScale: 2),
        DevicePreset(name: "iphone-se-3", width: 375, height: 667, displayScale: 2),
        DevicePreset(name: "iphone-16", width: 393, height: 852, displayScale: 3),
        DevicePreset(name: "iphone-16-plus", width: 430, height: 932, displayScale: 3),
        DevicePreset(name: "iphone-16-pro", width: 402, height: 874, displayScale: 3),
        DevicePreset(name: "iphone-16-pro-max", width: 440, height: 956, displayScale: 3),
        DevicePreset(name: "iphone-17", width: 402, height: 874, displayScale: 3),
        DevicePreset(name: "iphone-air", width: 420, height: 912, displayScale: 3),
        DevicePreset(name: "iphone-17-pro", width: 402, height: 874, displayScale: 3),
        DevicePreset(name: "iphone-17-pro-max", width: 440, height: 956, displayScale: 3),
        DevicePreset(name: "ipad", width: 768, height: 1024, displayScale: 2),
        DevicePreset(name: "ipad-pro-12.9", width: 1024, height: 1366, displayScale: 2),
    ]

    /// The preset called `name`, or nil.
    public static func named(_ name: String) -> DevicePreset? { all.first { $0.name == name } }
}
