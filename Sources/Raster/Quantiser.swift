/// Premultiplied Float pixels (0…255) to 8-bit straight RGBA: the one place a frame is rounded.
enum Quantiser {
    /// Quantises `source` into `target` (4 bytes a pixel), each channel rounded to nearest (halves up).
    static func quantise(_ source: UnsafeBufferPointer<SIMD4<Float>>, into target: UnsafeMutableBufferPointer<UInt8>) {
        guard let base = target.baseAddress else { return }
        for i in source.indices { quantise(source[i], into: base + i * 4) }
    }

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
