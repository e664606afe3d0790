import CCPU

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The SIMD level the C kernels use (CCPU), and GALLERY_RENDER_SIMD as the command line reads it.
enum SIMDLevel {
    /// The level's name: "avx2", or "none" under GALLERY_RENDER_SIMD=none.
    static var inUse: String { String(cString: gr_simd_name(gr_simd_level())) }

    /// Run first, while the process has one thread: warns of a value that names no level (it is
    /// ignored), and under `none` turns off libjpeg-turbo's SIMD too (JSIMD_FORCENONE=1), so that
    /// only portable code runs, unless JSIMD_FORCENONE is set already: `JSIMD_FORCENONE=0` keeps
    /// libjpeg-turbo's SIMD, as on arm64, where it has NEON and our kernels run portable code (`make bench`).
    static func prepare(_ console: Console) {
        guard let value = getenv("GALLERY_RENDER_SIMD").map({ String(cString: $0) }) else { return }
        if gr_simd_request_is_valid() == 0 {
            console.warning(
                "GALLERY_RENDER_SIMD=\(value) names no level (none, sse2, ssse3, avx, avx2): ignored, \(inUse) used")
        }
        if value == "none" { setenv("JSIMD_FORCENONE", "1", 0) }
    }
}
