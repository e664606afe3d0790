import ImageCodecs

/// A frame being composited: **premultiplied** RGBA in Float on the 0…255 scale, one SIMD4 per pixel,
/// rows top to bottom. Quantised to 8-bit straight RGBA only once, at the end.
public struct Canvas: Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [SIMD4<Float>]

    /// A canvas filled with `background`.
    public init(width: Int, height: Int, background: Color) {
        self.width = width
        self.height = height
        pixels = [SIMD4<Float>](repeating: background.premultiplied, count: width * height)
    }

    /// Lets `body` update the pixels in bands of rows, `jobs` at once; each call may touch only the rows
    /// it is given, so the result does not depend on `jobs`.
    public mutating func updateInBands(
        jobs: Int, _ body: (_ rows: Range<Int>, _ pixels: UnsafeMutableBufferPointer<SIMD4<Float>>) -> Void
    ) {
        let height = height
        pixels.withUnsafeMutableBufferPointer { pixels in
            let shared = SharedBuffer(pixels)
            RowBands.forEach(rows: height, jobs: jobs) { rows in body(rows, shared.buffer) }
        }
    }

    /// The frame as 8-bit straight RGBA, each channel rounded to nearest (halves up); rows are
    /// converted in `jobs` bands at once.
    public func image(jobs: Int = 1) -> RGBAImage {
        let bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            let target = SharedBuffer(buffer)
            pixels.withUnsafeBufferPointer { source in
                let source = SharedBuffer(UnsafeMutableBufferPointer(mutating: source))
                RowBands.forEach(rows: height, jobs: jobs) { rows in
                    guard let base = target.buffer.baseAddress else { return }
                    for i in rows.lowerBound * width..<rows.upperBound * width {
                        Self.quantise(source.buffer[i], into: base + i * 4)
                    }
                }
            }
            count = width * height * 4
        }
        return RGBAImage(width: width, height: height, pixels: bytes)
    }

    /// One premultiplied pixel as 8-bit straight RGBA at `target`.
    @inline(__always)
    private static func quantise(_ p: SIMD4<Float>, into target: UnsafeMutablePointer<UInt8>) {
        /// Clamped to 0…255, so adding ½ and truncating is rounding to nearest.
        @inline(__always) func byte(_ value: Float) -> UInt8 {
            UInt8(truncatingIfNeeded: Int32(Swift.min(Swift.max(value, 0), 255) + 0.5))
        }
        guard p.w >= 0.5 else {  // rounds to alpha 0: transparent black
            target.update(repeating: 0, count: 4)
            return
        }
        // Opaque pixels (most of a frame) are already straight.
        let straight = p.w == 255 ? p : p * (255 / p.w)
        target[0] = byte(straight.x)
        target[1] = byte(straight.y)
        target[2] = byte(straight.z)
        target[3] = byte(p.w)
    }
}
