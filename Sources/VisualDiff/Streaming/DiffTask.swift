/// One piece of a streaming diff's work, as `DiffSchedule` hands it out.
enum DiffTask: Sendable, Hashable {
    /// Decode `rows` of image 0 (expected) or 1 (actual) into its ring.
    case decode(image: Int, rows: Range<Int>)
    /// Compare `rows` of the two images.
    case compare(rows: Range<Int>)
}
