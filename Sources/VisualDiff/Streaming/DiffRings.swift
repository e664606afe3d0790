import ImageCodecs

/// A streaming diff's two readers and the rings their rows are decoded into, shared by the workers.
/// `DiffSchedule` keeps each reader on one worker at a time and each ring row untouched while a task
/// reads it, hence `@unchecked Sendable`.
struct DiffRings: @unchecked Sendable {
    let readers: [PNGRowReader]
    /// Both rings, image 0's first: `ringRows` rows of `rowBytes` each, row `y` in slot `y % ringRows`.
    let rings: UnsafeMutablePointer<UInt8>
    let ringRows: Int
    let rowBytes: Int

    /// Where row `y` of image `index` lives.
    func slot(_ index: Int, _ y: Int) -> UnsafeMutablePointer<UInt8> {
        rings + (index * ringRows + (y & (ringRows - 1))) * rowBytes
    }

    /// Decodes `rows` of image `index` into its ring; false when the reader gave up.
    func decode(_ index: Int, _ rows: Range<Int>) -> Bool {
        for y in rows {
            let above = y > 0 ? UnsafePointer(slot(index, y - 1)) : nil
            guard readers[index].next(into: slot(index, y), above: above) else { return false }
        }
        return true
    }
}
