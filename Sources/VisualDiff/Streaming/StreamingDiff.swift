import ImageCodecs
import GalleryCore

/// pixelmatch (or ΔE94) over two plain PNG files while the fast reader decodes them, a band of rows
/// at a time on both cores.
///
/// Why: comparing whole images means inflating each into fresh memory first, which for two 4K PNGs
/// is ~100 MB the kernel must clear, then reading it all back from memory. Here each image's rows pass
/// through a ring of 128 rows that stays in cache, and a band is compared as soon as both images have
/// decoded it (and the two rows after it). The counts, and the diff image, are exactly those of
/// `Pixelmatch.compare` on the whole images: every verdict reads only rows within two of its own.
struct StreamingDiff {
    /// The per-pixel measure: pixelmatch's, or swift-snapshot-testing's perceptual one.
    enum Measure {
        case pixelmatch(Pixelmatch)
        case deltaE94(DeltaE94)
    }

    let measure: Measure
    /// Rows compared as one task.
    static let bandRows = 16
    /// Rows each image's ring holds: a power of two, at least two bands and the rows around them.
    /// 128 lets a worker run further ahead while the other compares: on two 4K PNGs, 5–10 % faster
    /// than 64 rows; 256 rows no longer fit the cache as well and are slower again.
    static let ringRows = 128

    /// The counts, and the diff image when `diffImage`, of two images of the same size; nil when a
    /// reader gave up or no second thread could be started (the caller then decodes both files
    /// whole, which decides what they hold).
    func compare(_ expected: PNGRowReader, _ actual: PNGRowReader, diffImage: Bool) -> (Pixelmatch.Result, [UInt8]?)? {
        precondition(expected.width == actual.width && expected.height == actual.height, "StreamingDiff: sizes differ")
        let width = expected.width
        let height = expected.height
        let rowBytes = width * 4
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * Self.ringRows * rowBytes)
        defer { memory.deallocate() }
        var image: [UInt8]?
        if diffImage {
            // No memory for the image: the whole-image path says so.
            guard let room = LargeArray.filled(UInt8(0), count: width * height * 4) else { return nil }
            image = room
        }
        let schedule = DiffSchedule(height: height, bandRows: Self.bandRows, ringRows: Self.ringRows)
        let rings = DiffRings(readers: [expected, actual], rings: memory, ringRows: Self.ringRows, rowBytes: rowBytes)

        func run(output: UnsafeMutablePointer<UInt8>?) -> Bool {
            let kernel: any BandComparison =
                switch measure {
                case .pixelmatch(let matcher):
                    PixelmatchKernel(
                        options: matcher, img1: memory, img2: memory + Self.ringRows * rowBytes, width: width,
                        height: height, output: output, rowMask: Self.ringRows - 1)
                case .deltaE94(let measure):
                    DeltaE94Kernel(
                        measure: measure, expected: memory, actual: memory + Self.ringRows * rowBytes, width: width,
                        output: output, rowMask: Self.ringRows - 1)
                }
            // A thread for each image's worker (see DiffSchedule).
            return TwoThreads.run { worker in
                while let task = schedule.next(decoding: DiffSide(worker)) {
                    switch task {
                    case .decode(let image, let rows):
                        schedule.finish(task, succeeded: rings.decode(image.index, rows))
                    case .compare(let rows):
                        schedule.finish(task, counts: kernel.compareRows(rows))
                    }
                }
            }
        }
        var ran = false
        if image != nil {
            image?.withUnsafeMutableBufferPointer { ran = run(output: $0.baseAddress) }
        } else {
            ran = run(output: nil)
        }
        guard ran, let counts = schedule.result else { return nil }
        return (counts, image)
    }
}
