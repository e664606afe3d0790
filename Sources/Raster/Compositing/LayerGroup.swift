/// A group of layers composited as one (UIKit's group opacity, on by default): an item, its shadow
/// and its caption are painted at full opacity into a layer of their own, which is then drawn over
/// the canvas at the item's alpha, so a fading cell's label does not show the photo through it.
public enum LayerGroup {
    /// Draws `layer` (premultiplied, 0…255) times `alpha` source-over onto `pixels`, pixel for pixel.
    public static func composite(
        _ layer: UnsafeBufferPointer<SIMD4<Float>>, alpha: Float, onto pixels: UnsafeMutableBufferPointer<SIMD4<Float>>
    ) {
        let alpha = min(max(alpha, 0), 1)
        for i in 0..<min(layer.count, pixels.count) where layer[i].w > 0 {
            pixels[i] = ProjectedItemPainter.over(layer[i] * alpha, pixels[i])
        }
    }
}
