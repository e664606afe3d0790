/// A layout parameter that can be invalid. The layout engine names parameters by this enum alone;
/// how each is spelled on a command line or in a manifest is the CLI's business.
public enum LayoutParameter: String, Sendable, Hashable, CaseIterable {
    case width, height, count, itemSize, spacing, interitemSpacing, activeDistance, scaleFactor, minScale, columns,
        offset, delete
    /// The carousel types' options (CarouselLayout) and their fling (CarouselFling; `fling` is its
    /// velocity V).
    case perspective, viewpointOffset, arc, radius, angle, tilt, circularCount, fadeMin, fadeMax, fadeRange,
        fadeMinAlpha, fling, scrollSpeed, decelerationRate
    /// The page layouts' inset of each card (PageLayout).
    case pageInset
    /// The compositional section's (CompositionalLayout).
    case groupWidthFraction, contentInsets, invalidationScale
}
