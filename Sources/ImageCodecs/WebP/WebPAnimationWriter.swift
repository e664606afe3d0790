import CWebP
import GalleryCore

/// Assembles an animated WebP with libwebp's animation encoder, lossless and exact unless a quality
/// is given: every lossless frame decodes to exactly its pixels, and frames that repeat or regions that do not change cost next to
/// nothing (the encoder stores only the changed rectangle of each frame). Frame k is shown from
/// round(1000·k/fps) ms, WebP's timestamps being whole milliseconds. Same frames, same bytes.
public final class WebPAnimationWriter {
    /// Frames per second.
    public let fps: Int
    private let encoder: OpaquePointer
    private let size: PixelSize
    private var frames = 0

    /// libwebp's lossless quality and method. On the README's 280 × 150 toggle (9 frames), as
    /// `img2webp -lossless` measured them: q 25 m 0 gave 316 KB in 0.04 s, q 50 m 2 264 KB in 0.20 s,
    /// q 50 m 4 252 KB in 0.46 s, q 100 m 6 246 KB in 14 s (this tool's APNG: 320 KB). Frames of photos that
    /// all move leave lossless coding little to find; method 2 takes most of it at a fifth of the
    /// time of method 4.
    public static let (effort, method): (UInt32, UInt32) = (50, 2)

    /// The longest side a WebP has (its header's 14 bits).
    public static let maxSide = 16_383

    /// An encoder for `size` frames playing `loops` times (0: forever): lossless, or lossy at
    /// `quality` 0…100 (libwebp's, mixed lossy and lossless frames allowed).
    public init(size: PixelSize, fps: Int, loops: Int, quality: Int? = nil) throws(EncodeError) {
        guard size.width > 0, size.height > 0, size.width <= Self.maxSide, size.height <= Self.maxSide else {
            throw .webpRefused(message: "an animated WebP is at most \(Self.maxSide) pixels a side, not \(size)")
        }
        guard
            let encoder = gr_webp_anim_new(
                UInt32(size.width), UInt32(size.height), UInt32(clamping: loops), Self.effort, Self.method,
                Int32(clamping: quality ?? -1))
        else { throw .outOfMemory }
        self.encoder = encoder
        self.size = size
        self.fps = max(1, fps)
    }

    deinit { gr_webp_anim_free(encoder) }

    /// Appends the next frame (every frame is the first one's size).
    public func append(_ frame: RGBAImage) throws(EncodeError) {
        guard frame.width == size.width, frame.height == size.height else {
            throw .webpRefused(message: "frame \(frames) is \(frame.width)×\(frame.height), not \(size)")
        }
        let status = frame.pixels.withUnsafeBufferPointer { pixels in
            gr_webp_anim_add(encoder, pixels.baseAddress, timestamp(frames))
        }
        try check(status)
        frames += 1
    }

    /// The file, every frame appended so far, the last shown for 1/fps s; frames in a colour space
    /// other than sRGB carry its ICC profile (an ICCP chunk).
    public func bytes(colorSpace: ColorSpace = .srgb) throws(EncodeError) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var count = 0
        let icc = colorSpace == .srgb ? [] : colorSpace.iccProfile
        try check(
            icc.withUnsafeBufferPointer {
                gr_webp_anim_assemble(encoder, timestamp(frames), $0.baseAddress, $0.count, &out, &count)
            })
        guard let out else { throw .outOfMemory }
        defer { gr_webp_free(out) }
        // The whole animation, maybe gigabytes: copied where memory allows, else an error, never an abort.
        guard var copy = LargeArray.uninitialized(UInt8.self, count: count) else { throw .outOfMemory }
        copy.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(start: out, count: count)) }
        return copy
    }

    /// When frame `k` starts, in milliseconds.
    private func timestamp(_ k: Int) -> UInt32 {
        UInt32(clamping: (Int64(k) * 1000 + Int64(fps) / 2) / Int64(fps))
    }

    private func check(_ status: gr_webp_status) throws(EncodeError) {
        switch status {
        case GR_WEBP_OK: return
        case GR_WEBP_NO_MEMORY: throw .outOfMemory
        default: throw .webpRefused(message: String(cString: gr_webp_anim_error(encoder)))
        }
    }
}
