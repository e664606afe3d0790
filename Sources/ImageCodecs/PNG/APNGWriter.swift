import CPNG
import GalleryCore

/// Assembles an animated PNG from frames given in order, with the project's own PNG encoder.
///
/// The layout APNG readers expect: signature, IHDR, acTL, then per frame an fcTL and its data, the
/// first frame's as IDAT (so it is also the default image), later ones as fdAT, with one sequence of
/// numbers over fcTL and fdAT; delays 1/fps. A frame costs only what changed: it is the bounding box
/// of the pixels that differ from the previous frame, blended SOURCE over it with dispose NONE, and
/// a frame that repeats the previous one is a 1 × 1 copy of a pixel it already has. Every frame
/// still decodes to exactly its pixels. Same frames, same bytes.
///
/// The writer holds no more than the frames not yet taken: `take()` hands the bytes on as they are
/// encoded (to an AtomicFileStream, say), so an animation of any length needs the memory of a few
/// frames, not of the file. Each frame's bytes are made in one buffer allocated so that running out
/// of memory is an error (`EncodeError.outOfMemory`), never an abort.
public struct APNGWriter {
    /// Frames per second: every frame is shown 1/fps s (delay 1/fps).
    public let fps: Int
    /// Plays (0: forever).
    public let loops: Int
    /// RGBA (true) or RGB for every frame.
    public let alpha: Bool
    /// How many frames the animation has: acTL says so before the first frame.
    public let frameCount: Int
    /// The frames' colour space, tagged in the header (PNGColorTag).
    public let colorSpace: ColorSpace
    private var pending: [ArraySlice<UInt8>] = []
    private var sequence: UInt32 = 0
    private var frames = 0
    private var previous: RGBAImage?

    public init(fps: Int, loops: Int = 0, alpha: Bool, frameCount: Int, colorSpace: ColorSpace = .srgb) {
        self.fps = fps
        self.loops = loops
        self.alpha = alpha
        self.frameCount = frameCount
        self.colorSpace = colorSpace
    }

    /// Appends the next frame (all frames are the first one's size).
    public mutating func append(_ frame: RGBAImage) throws(EncodeError) {
        try append(contentsOf: [frame], jobs: 1)
    }

    /// Appends the next frames, in order, encoding up to `jobs` of them at once (each frame's region
    /// depends only on the frame before it). The bytes are the same whatever `jobs` is.
    public mutating func append(contentsOf frames: [RGBAImage], jobs: Int) throws(EncodeError) {
        guard self.frames + frames.count <= frameCount else {
            throw .refused(message: "an animation of \(frameCount) frames was given \(self.frames + frames.count)")
        }
        let previous = [self.previous] + frames.dropLast().map { Optional($0) }
        let alpha = alpha
        let encoded = Parallel.map(Array(zip(frames, previous)), jobs: jobs) { frame, previous in
            Result { () throws(EncodeError) in try Self.encoded(frame, after: previous, alpha: alpha) }
        }
        for result in encoded {
            let (region, png) = try result.get()
            let chunks = Self.chunkRanges(of: png)
            if self.frames == 0 {
                let header = chunks.first { $0.type == "IHDR" }.map { Array(png[$0.whole]) } ?? []
                let control = Self.be32(UInt32(frameCount)) + Self.be32(UInt32(loops))
                pending.append(
                    ArraySlice(
                        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + header + PNGColorTag.chunk(for: colorSpace)
                            + Self.chunk("acTL", control)))
            }
            pending.append(ArraySlice(Self.chunk("fcTL", frameControl(region))))
            let data = chunks.filter { $0.type == "IDAT" }
            if self.frames == 0 {
                // The first frame's IDAT chunks are the default image's, as the encoder wrote them.
                pending += data.map { png[$0.whole] }
            } else {
                pending.append(try frameData(png, data))
            }
            self.frames += 1
        }
        if self.frames == frameCount, !frames.isEmpty { pending.append(ArraySlice(Self.chunk("IEND", []))) }
        self.previous = frames.last ?? self.previous
    }

    /// The bytes encoded since the last call, in pieces to write in order: the signature, IHDR and
    /// acTL come with the first frame, IEND with the last. Taken once every frame is in, they are the
    /// whole file.
    public mutating func take() -> [ArraySlice<UInt8>] {
        defer { pending = [] }
        return pending
    }

    /// A frame's region (what changed since `previous`) and its PNG, by the run encoder: on the
    /// 143-frame @2x fling of the bench photos the APNG is 29.0 MB and the run takes 1.4 s, where
    /// libdeflate level 6 made 30.6 MB in 2.4 s (the residuals of photos leave few repeats to find).
    private static func encoded(_ frame: RGBAImage, after previous: RGBAImage?, alpha: Bool) throws(EncodeError)
        -> (ImageRegion, [UInt8])
    {
        let whole = ImageRegion(whole: PixelSize(width: frame.width, height: frame.height))
        let region = previous.map { Self.changedRegion(from: $0, to: frame) } ?? whole
        guard let part = region == whole ? frame : frame.cropped(to: region) else { throw .outOfMemory }
        return (region, try PNGEncoder.encode(part, compression: .runs, alpha: alpha))
    }

    /// The IDAT chunks `data` of `png` as fdAT chunks, each with the next sequence number, in one
    /// buffer of their own.
    private mutating func frameData(_ png: [UInt8], _ data: [ChunkRange]) throws(EncodeError) -> ArraySlice<UInt8> {
        let size = data.reduce(0) { $0 + $1.data.count + 16 }
        guard var out = LargeArray.uninitialized(UInt8.self, count: size) else { throw .outOfMemory }
        var at = 0
        for chunk in data {
            let count = chunk.data.count
            let head = Self.be32(UInt32(count + 4)) + Array("fdAT".utf8) + Self.be32(nextSequence())
            out.withUnsafeMutableBufferPointer { out in
                png.withUnsafeBufferPointer { png in
                    guard let base = out.baseAddress, let source = png.baseAddress else { return }
                    for (k, byte) in head.enumerated() { base[at + k] = byte }
                    (base + at + 12).update(from: source + chunk.data.lowerBound, count: count)
                    let crc = gr_png_crc32(base + at + 4, count + 8)
                    for (k, byte) in Self.be32(crc).enumerated() { base[at + 12 + count + k] = byte }
                }
            }
            at += count + 16
        }
        return out[...]
    }

    /// The fcTL payload for a frame covering `region`.
    private mutating func frameControl(_ region: ImageRegion) -> [UInt8] {
        let number = nextSequence()
        return Self.be32(number) + Self.be32(UInt32(region.x.count)) + Self.be32(UInt32(region.y.count))
            + Self.be32(UInt32(region.x.lowerBound)) + Self.be32(UInt32(region.y.lowerBound)) + Self.be16(1)
            + Self.be16(UInt16(fps))
            // dispose_op NONE (0), blend_op SOURCE (0).
            + [0, 0]
    }

    private mutating func nextSequence() -> UInt32 {
        defer { sequence += 1 }
        return sequence
    }

    /// The part of `frame` that differs from `previous`: the bounding box of the changed pixels, or a
    /// 1 × 1 box at the origin when nothing changed.
    static func changedRegion(from previous: RGBAImage, to frame: RGBAImage) -> ImageRegion {
        let width = frame.width
        var (top, bottom, left, right) = (frame.height, -1, width, -1)
        previous.pixels.withUnsafeBytes { old in
            frame.pixels.withUnsafeBytes { new in
                let a = old.bindMemory(to: UInt32.self), b = new.bindMemory(to: UInt32.self)
                for y in 0..<frame.height {
                    let row = y * width
                    var first = 0
                    while first < width, a[row + first] == b[row + first] { first += 1 }
                    guard first < width else { continue }
                    var last = width - 1
                    while last > first, a[row + last] == b[row + last] { last -= 1 }
                    (top, bottom) = (min(top, y), y)
                    (left, right) = (min(left, first), max(right, last))
                }
            }
        }
        guard bottom >= 0 else { return ImageRegion(x: 0..<1, y: 0..<1) }
        return ImageRegion(x: left..<right + 1, y: top..<bottom + 1)
    }

    /// Where a chunk of a PNG lies: its type, the whole chunk and its data.
    typealias ChunkRange = (type: String, whole: Range<Int>, data: Range<Int>)

    /// The chunks of a PNG this project's encoder wrote, in order.
    static func chunkRanges(of png: [UInt8]) -> [ChunkRange] {
        var chunks: [ChunkRange] = []
        var at = 8
        while at + 12 <= png.count {
            let length = Int(png[at..<at + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            guard at + 12 + length <= png.count else { break }
            let type = String(decoding: png[at + 4..<at + 8], as: UTF8.self)
            chunks.append((type, at..<at + 12 + length, at + 8..<at + 8 + length))
            at += 12 + length
        }
        return chunks
    }

    /// A chunk: length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = typed.withUnsafeBufferPointer { gr_png_crc32($0.baseAddress, $0.count) }
        return be32(UInt32(data.count)) + typed + be32(crc)
    }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
}
