/// One piece of a streaming diff's work, as `DiffSchedule` hands it out.
enum DiffTask: Sendable, Hashable {
    /// Decode `rows` of one image into its ring.
    case decode(image: DiffSide, rows: Range<Int>)
    /// Compare `rows` of the two images.
    case compare(rows: Range<Int>)
}
