/// iCarousel's eleven built-in types (nicklockwood/iCarousel 1.8.3, commit c9e043e,
/// `iCarousel/iCarousel.m`), by the names `--layout` takes, with each type's defaults exactly as the
/// source sets them. A user's option replaces a default everywhere the source reads that option
/// (`valueForOption:withDefault:`).
public enum CarouselType: String, Sendable, Hashable, CaseIterable {
    case linear
    case rotary
    case invertedRotary = "inverted-rotary"
    case cylinder
    case invertedCylinder = "inverted-cylinder"
    case wheel
    case invertedWheel = "inverted-wheel"
    case coverflow
    case coverflow2
    case timeMachine = "time-machine"
    case invertedTimeMachine = "inverted-time-machine"

    /// The six types laid out on a circle of `circularCarouselItemCount` places (rotary, cylinder,
    /// wheel and their inverted forms).
    public var isCircular: Bool {
        switch self {
        case .rotary, .invertedRotary, .cylinder, .invertedCylinder, .wheel, .invertedWheel: true
        case .linear, .coverflow, .coverflow2, .timeMachine, .invertedTimeMachine: false
        }
    }

    /// The spacing factor σ (of the item width) in `transformForItemViewWithOffset:` and
    /// `updateNumberOfVisibleItems`: 0.25 for the cover flows, 1 for the others.
    /// (`circularCarouselItemCount` reads it with a default of 1 for every type; the same here,
    /// since only the circular types use it.)
    public var defaultSpacing: Double {
        switch self {
        case .coverflow, .coverflow2: 0.25
        default: 1
        }
    }

    /// The tilt τ: 0.9 for the cover flows, 0.3 for the time machines; nil where the source reads
    /// none.
    public var defaultTilt: Double? {
        switch self {
        case .coverflow, .coverflow2: 0.9
        case .timeMachine, .invertedTimeMachine: 0.3
        default: nil
        }
    }

    /// Whether offsets wrap round (`layOutItemViews`): on for the circular types, off for the others.
    public var defaultWraps: Bool { isCircular }

    /// Whether an item seen from behind (m33 ≤ 0) is still drawn (`transformItemView:atIndex:`, with
    /// the layer's `doubleSided` YES): only inverted-cylinder hides back faces.
    public var defaultShowsBackfaces: Bool { self != .invertedCylinder }

    /// `alphaForItemWithOffset:`'s fadeMin: −∞, but 0 for the inverted time machine (items with
    /// o < 0 fade).
    public var defaultFadeMin: Double { self == .invertedTimeMachine ? 0 : -Double.infinity }

    /// fadeMax: +∞, but 0 for the time machine (items with o > 0 fade).
    public var defaultFadeMax: Double { self == .timeMachine ? 0 : Double.infinity }

    /// fadeRange, the offset distance over which alpha falls to fadeMinAlpha: 1 for every type.
    public var defaultFadeRange: Double { 1 }

    /// fadeMinAlpha: 0 for every type.
    public var defaultFadeMinAlpha: Double { 0 }

    /// The inverted forms, which negate radius and angle (rotary, cylinder, wheel) or tilt and
    /// offset (time machine).
    public var isInverted: Bool {
        switch self {
        case .invertedRotary, .invertedCylinder, .invertedWheel, .invertedTimeMachine: true
        default: false
        }
    }
}
