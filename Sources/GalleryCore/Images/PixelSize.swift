/// A size in whole pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The same size with width and height exchanged.
    public var transposed: PixelSize { PixelSize(width: height, height: width) }

    /// Each side divided by `divisor`, rounded up: the size of the image reduced by block means.
    public func reduced(by divisor: Int) -> PixelSize {
        PixelSize(width: (width + divisor - 1) / divisor, height: (height + divisor - 1) / divisor)
    }

    public var description: String { "\(width)x\(height)" }
}
