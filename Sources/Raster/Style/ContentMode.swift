import GalleryCore

/// How a photo fills its item, as UIView.ContentMode.
public enum ContentMode: String, Sendable, CaseIterable {
    /// Scaled to cover the item, centred, overflow cropped (the default).
    case aspectFill = "aspect-fill"
    /// Scaled to fit inside the item, centred, letterboxed on the placeholder.
    case aspectFit = "aspect-fit"
    /// Stretched to the item's exact size (what an Interface Builder image view does by default).
    case fill

    /// Where a `width`×`height` photo lands in `item`, in frame pixels.
    public func placement(ofWidth width: Int, height: Int, in item: PixelRect) -> PixelRect {
        let w = Double(width), h = Double(height)
        guard w > 0, h > 0 else { return item }
        let scale: Double
        switch self {
        case .fill: return item
        case .aspectFill: scale = max(item.width / w, item.height / h)
        case .aspectFit: scale = min(item.width / w, item.height / h)
        }
        return PixelRect(centerX: item.centerX, centerY: item.centerY, side: 0).resized(
            width: w * scale, height: h * scale)
    }
}

extension PixelRect {
    /// The rectangle of the given size with the same centre.
    func resized(width: Double, height: Double) -> PixelRect {
        PixelRect(x: centerX - width / 2, y: centerY - height / 2, width: width, height: height)
    }
}
