/// The defaults of a motion's timing, declared once: the command line, manifests and the library
/// all take them from here.
public enum MotionDefaults {
    /// Frames per second.
    public static let fps = 60
    /// Times an animation plays; 0 is forever.
    public static let loops = 0
    /// A layout change or a deletion, in seconds (UIKit's default animation).
    public static let transitionDuration = 0.3
    /// How long a drag's finger moves, in seconds.
    public static let dragDuration = 0.3
    /// The device turning, in seconds: UIKit's rotation is slower than a layout change.
    public static let rotationDuration = 0.4
}
