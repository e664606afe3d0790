import Foundation
import CCPU

/// A windowed reconstruction filter. Its support widens by the reduction factor when minifying, so
/// every source pixel contributes (no point sampling, no 2-tap aliasing on large reductions).
public enum ResamplingFilter: Sendable, Hashable {
    /// Lanczos with three lobes: sinc(x)·sinc(x/3) on |x| < 3. Sharp, the thumbnailers' choice.
    case lanczos3

    /// Half-width of the kernel at scale 1, in source pixels.
    public var radius: Double {
        switch self {
        case .lanczos3: 3
        }
    }

    /// The kernel at `x` (in filter units).
    public func weight(_ x: Double) -> Double {
        switch self {
        case .lanczos3:
            let x = abs(x)
            guard x < 3 else { return 0 }
            guard x > 1e-9 else { return 1 }
            let px = Double.pi * x
            return 3 * gr_sin(px) * gr_sin(px / 3) / (px * px)
        }
    }
}
