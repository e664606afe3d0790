import CPixelmatch

/// The comparison over borrowed pixel pointers, run by gr_pixelmatch (C, AVX2 where the CPU has it).
/// Only valid inside the `withUnsafeBufferPointer` scopes of `Pixelmatch.compare`, or while
/// `StreamingDiff` keeps the rows it reads in its rings. Sendable because the inputs are only read and
/// concurrent row bands write disjoint rows of `output`.
///
/// Input row `y` is at row `y & rowMask` of `img1` and `img2`: the whole image with `rowMask` = `Int.max`,
/// a ring of rows (a power of two of them) with `rowMask` one less. `output` is always the whole image.
/// Unchecked (raw pointers); safe because the inputs are only read, and bands write disjoint rows.
struct PixelmatchKernel: @unchecked Sendable {
    private let comparison: gr_pixelmatch

    init(
        options: Pixelmatch, img1: UnsafePointer<UInt8>, img2: UnsafePointer<UInt8>, width: Int, height: Int,
        output: UnsafeMutablePointer<UInt8>?, rowMask: Int = .max
    ) {
        precondition(width >= 0 && height >= 0 && rowMask >= 0, "PixelmatchKernel: negative size")
        func rgb(_ color: Pixelmatch.Color) -> (UInt8, UInt8, UInt8) { (color.red, color.green, color.blue) }
        comparison = gr_pixelmatch(
            img1: img1, img2: img2, output: output, width: width, height: height,
            row_mask: rowMask,
            max_delta: 35215 * options.threshold * options.threshold, alpha: options.alpha,
            include_aa: options.includeAA ? 1 : 0, diff_mask: options.diffMask ? 1 : 0,
            aa_color: rgb(options.aaColor), diff_color: rgb(options.diffColor),
            diff_color_alt: rgb(options.diffColorAlt ?? options.diffColor))
    }

    /// pixelmatch's main loop, restricted to `rows` (which must lie in the image).
    func compareRows(_ rows: Range<Int>) -> Pixelmatch.Result {
        guard !rows.isEmpty else { return Pixelmatch.Result(diffPixels: 0, antiAliasedPixels: 0) }
        let scratch = UnsafeMutableRawPointer.allocate(
            byteCount: gr_pixelmatch_scratch_bytes(comparison.width), alignment: MemoryLayout<Double>.alignment)
        defer { scratch.deallocate() }
        var counts = gr_pixelmatch_counts(diff_pixels: 0, anti_aliased_pixels: 0)
        withUnsafePointer(to: comparison) { gr_pixelmatch_rows($0, rows.lowerBound, rows.upperBound, scratch, &counts) }
        return Pixelmatch.Result(
            diffPixels: Int(counts.diff_pixels), antiAliasedPixels: Int(counts.anti_aliased_pixels))
    }

    /// Draws `rows` of the output as img1 in faded grey, as pixelmatch does for identical images.
    func drawGrayRows(_ rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        withUnsafePointer(to: comparison) { gr_pixelmatch_gray_rows($0, rows.lowerBound, rows.upperBound) }
    }

    /// Caps the instruction set pixelmatch uses on the calling thread: `false` for portable C only.
    static func useSIMD(_ enabled: Bool) { gr_pixelmatch_cap_level(enabled ? 1 : 0) }
}
