import Raster

/// The pixels a frame's shadows paint, bounded before any is prepared: each shadow is composited over
/// every pixel of its blurred extent, so items × extent is the frame's cost (found by review: 30,000
/// tiny items with 1000-pt shadows, each over the whole frame, took 158 s for one 375 x 667 frame).
public struct ShadowWork: Sendable, Equatable {
    /// The pixels the shadows of the frame's items cover, summed.
    public let pixels: Int
    /// The most a frame may paint: 64 times its pixels, and at least 2²⁴ (well under a second).
    public let limit: Int

    /// The work of `plan`'s shadows, or nil when it is within the limit.
    public static func excess(of plan: FramePlan) -> ShadowWork? {
        let (width, height) = (plan.size.width, plan.size.height)
        let pixels = plan.items.reduce(0) { total, item in
            guard let shadow = item.shadow else { return total }
            let bounds = ShadowPainter.bounds(of: shadow, placement: item.plane, width: width, height: height)
            return total + bounds.x.count * bounds.y.count
        }
        let limit = max(64 * width * height, 1 << 24)
        return pixels > limit ? ShadowWork(pixels: pixels, limit: limit) : nil
    }
}
