/// A motion at one time: the gallery and frame it reports (offset, content size) and every drawn
/// item, in draw order, with its alpha.
public struct MotionState: Sendable {
    /// Seconds since the motion started.
    public var time: Double
    /// The gallery the frame is of: a transition's start until its end, then its end.
    public var gallery: Gallery
    public var frame: LayoutFrame
    /// The items drawn, in draw order (original indices).
    public var items: [AnimatedItem]
    /// In a device rotation, the interface's bounds and turn (item centres are in its coordinates).
    public var turn: InterfaceTurn? = nil
    /// While a drag's finger is down, where it has dragged the content to (an offset; the content
    /// lags it past an edge).
    public var finger: Double? = nil
}
