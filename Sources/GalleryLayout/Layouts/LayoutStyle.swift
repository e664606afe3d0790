/// Which layout a gallery uses, with its parameters.
public enum LayoutStyle: Sendable, Hashable {
    case line(LineLayout)
    case grid(GridLayout)
    case flow(FlowLayout)
    /// One of iCarousel's types.
    case carousel(CarouselLayout)
    /// Full-page cards transformed by an AnimatedCollectionViewLayout animator or a ScaleTransformView.
    case page(PageLayout)
    /// A compositional layout's horizontally scrolling section.
    case compositional(CompositionalLayout)

    /// Which layout this is.
    public var kind: LayoutKind {
        switch self {
        case .line: .line
        case .grid: .grid
        case .flow: .flow
        case .carousel(let carousel): LayoutKind(rawValue: carousel.type.rawValue) ?? .linear
        case .page(let page): LayoutKind(rawValue: page.effect.layoutName) ?? .pageCube
        case .compositional: .compositional
        }
    }

    /// The name used on the command line and in JSON: `line`, `grid`, `flow` or a carousel type.
    public var name: String { kind.rawValue }
}

extension LayoutStyle {
    /// The grid a vertical layout is laid out as in `viewport` (the flow is a grid of its fitted
    /// columns); nil for the line.
    func grid(in viewport: Size) -> GridLayout? {
        switch self {
        case .line, .carousel, .page, .compositional: nil
        case .grid(let grid): grid
        case .flow(let flow): flow.grid(in: viewport)
        }
    }
}
