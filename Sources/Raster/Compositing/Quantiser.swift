import CRaster

/// Premultiplied Float pixels (0…255) to 8-bit straight RGBA: the one place a frame is rounded.
enum Quantiser {
    /// Quantises `source` into `target` (4 bytes a pixel): alpha below ½ gives transparent black;
    /// otherwise colour is divided by alpha (opaque pixels are already straight) and each channel is
    /// clamped to 0…255 and rounded to nearest, halves up. `gr_quantise` does it four pixels at once.
    static func quantise(_ source: UnsafeBufferPointer<SIMD4<Float>>, into target: UnsafeMutableBufferPointer<UInt8>) {
        guard let pixels = source.baseAddress, let bytes = target.baseAddress else { return }
        let count = min(source.count, target.count / 4)
        UnsafeRawPointer(pixels).withMemoryRebound(to: Float.self, capacity: count * 4) { floats in
            gr_quantise(floats, bytes, count)
        }
    }
}
