/// How much of an item's content, at a pixel on its edge, is the photo rather than the placeholder
/// behind it. The content is masked as one group (the photo over the placeholder, then the shape),
/// so the photo's share is of the part of the pixel the shape's content covers, not of the whole
/// pixel: where the photo's edge runs along the shape's (a 4:3 photo filling a 4:3 or square card),
/// the placeholder does not show through. Taking the pixel-wide share had applied the edge's
/// coverage twice (found by review: a blue photo over a red placeholder left a red fringe, up to 99
/// levels).
enum PhotoCoverage {
    /// The photo's share of the content at a pixel the content covers `content` of (0…1) and the
    /// photo's rectangle `photo` of: min(photo, content)/content, taking one region to hold the
    /// other within the pixel (a straight photo edge beside a curved or straight mask edge).
    @inline(__always)
    static func within(_ content: Float, _ photo: Float) -> Float {
        content > 0 && photo < content ? photo / content : (photo > 0 ? 1 : 0)
    }
}
