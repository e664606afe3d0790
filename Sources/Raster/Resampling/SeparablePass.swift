import CRaster

/// The work of one resampling: source rows filtered horizontally into a ring of as many rows as the
/// vertical filter has taps (each row once, as the window moves down), then combined vertically into
/// output rows, each only in the columns `spans` asks for. Every sum runs in tap order from zero, four outputs side by side so the adder never
/// waits on one sum's latency; the result is the same bits as one output at a time.
struct SeparablePass {
    let horizontal: AxisWeights
    let vertical: AxisWeights
    /// The source: `image`'s pixels (8-bit straight RGBA, `imageWidth` wide) are the photo's pixels
    /// from (`originX`, `originY`); `sourceWidth` is the whole photo's width, where taps clamp.
    let imageWidth: Int
    let originX: Int
    let originY: Int
    let sourceWidth: Int
    /// The columns to compute per output row, and hence per source row.
    let spans: ColumnSpans

    /// Which loops run the pass; both give the same bits.
    enum Kernels {
        /// Swift's four-lane SIMD, on any CPU.
        case portable
        /// Eight lanes in CRaster: two source rows at once horizontally, two pixels vertically.
        case avx

        /// AVX where this CPU has it.
        static let best: Kernels = gr_cpu_has_avx() != 0 ? .avx : .portable
    }

    func run(
        _ image: UnsafeBufferPointer<UInt8>, into target: UnsafeMutableBufferPointer<SIMD4<Float>>, kernels: Kernels
    ) {
        switch kernels {
        case .portable: runPortable(image, into: target)
        case .avx: runAVX(image, into: target)
        }
    }
}
