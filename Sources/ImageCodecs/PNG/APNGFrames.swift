import CPNG
import GalleryCore

/// The frames of an animated PNG, decoded one at a time onto the canvas as a player shows them
/// (fcTL regions, blend SOURCE or OVER, dispose NONE, BACKGROUND or PREVIOUS), so two animations are
/// compared frame by frame in the memory of a few canvases. Each frame's data is decoded by the
/// project's PNG decoder as a PNG of the frame's region.
public struct APNGFrames {
    /// The canvas, from IHDR.
    public let size: PixelSize
    /// The frames of the animation (the default image counts when an fcTL precedes its IDAT).
    public var count: Int { frames.count }
    /// Plays (0: forever), from acTL.
    public let loops: Int
    private let header: [UInt8]
    /// PLTE and tRNS, which every frame's data needs.
    private let palette: [[UInt8]]
    private let frames: [Frame]
    private let budget: PixelBudget
    private var position = 0
    private var canvas: [UInt8]
    private var restore: (region: Frame.Region, pixels: [UInt8])?

    private struct Frame {
        struct Region: Equatable { var x, y, width, height: Int }
        var region: Region
        var delay: (numerator: Int, denominator: Int)
        var dispose: UInt8
        var blend: UInt8
        var data: [ArraySlice<UInt8>] = []
        /// The chunk type its data came in: IDAT for the default image that is the first frame.
        var dataChunk = "fdAT"
    }

    /// Whether `bytes` is a PNG with an acTL chunk before its image data.
    public static func isAnimated(_ bytes: [UInt8]) -> Bool {
        guard ImageFormat(sniffing: bytes) == .png else { return false }
        for chunk in Self.chunks(bytes) {
            if chunk.type == "acTL" { return true }
            if chunk.type == "IDAT" { return false }
        }
        return false
    }

    /// Parses the animation in `bytes`; throws for a PNG that is not animated or does not hold
    /// together, and for a canvas over `budget`, before any pixel is decoded.
    public init(_ bytes: [UInt8], budget: PixelBudget = .standard) throws(DecodeError) {
        func corrupt(_ message: String) -> DecodeError { .corrupt(format: .png, message: "APNG: \(message)") }
        guard ImageFormat(sniffing: bytes) == .png else { throw .unrecognizedFormat }
        if let damage = Self.damage(bytes) { throw corrupt(damage) }
        var header: [UInt8]?, palette: [[UInt8]] = [], loops: Int?, declared = 0, frames: [Frame] = []
        var sawData = false, sequence = 0, hidden: [ArraySlice<UInt8>] = []
        for chunk in Self.chunks(bytes) {
            let data = chunk.data
            if let outOfSequence = Self.outOfSequence(chunk, next: &sequence) { throw corrupt(outOfSequence) }
            switch chunk.type {
            case "IHDR" where data.count == 13: header = Array(data)
            case "PLTE", "tRNS": palette.append(Self.chunk(chunk.type, Array(data)))
            case "acTL" where data.count == 8 && !sawData: (declared, loops) = (Self.be32(data, 0), Self.be32(data, 4))
            case "fcTL":
                guard data.count == 26 else { throw corrupt("an fcTL chunk of \(data.count) bytes, not 26") }
                frames.append(Self.frame(fcTL: data))
            case "IDAT":
                sawData = true
                // Before any fcTL, the default image is not part of the animation.
                if frames.count == 1 {
                    frames[0].data.append(data)
                    frames[0].dataChunk = "IDAT"
                } else if frames.isEmpty {
                    hidden.append(data)
                }
            case "fdAT":
                guard data.count >= 4 else { throw corrupt("an fdAT chunk without its sequence number") }
                guard !frames.isEmpty else { throw corrupt("fdAT before any fcTL") }
                frames[frames.count - 1].data.append(data.dropFirst(4))
            default: break
            }
        }
        guard let header else { throw corrupt("no IHDR") }
        guard let loops else { throw corrupt("not animated: no acTL before the image data") }
        guard declared == frames.count else {
            throw corrupt("acTL declares \(declared) frames, the file holds \(frames.count)")
        }
        let size = PixelSize(width: Self.be32(header[...], 0), height: Self.be32(header[...], 4))
        guard size.width > 0, size.height > 0 else { throw corrupt("a canvas of \(size) pixels") }
        guard budget.allows(size) else { throw .overBudget(width: size.width, height: size.height, budget: budget) }
        if let misfit = Self.misfit(frames, canvas: size) { throw corrupt(misfit) }
        // A default image no frame shows is what a viewer without APNG shows: it must decode too
        // (found by the verifier: its damage passed, where Pillow refuses the file).
        if !hidden.isEmpty {
            _ = try Self.decode(
                Self.png(of: hidden, header: header, palette: palette), "the default image's IDAT", budget)
        }
        let canvasBytes = size.width * size.height * 4
        guard let canvas = LargeArray.filled(UInt8(0), count: canvasBytes) else {
            throw .outOfMemory(bytes: canvasBytes)
        }
        (self.size, self.loops, self.header, self.palette, self.frames, self.budget) =
            (size, loops, header, palette, frames, budget)
        self.canvas = canvas
    }

    /// Why `chunk` is out of place: fcTL and fdAT share one sequence from 0 (the APNG spec), and a
    /// chunk lost, repeated or moved would otherwise be played in file order. Nil for one in place
    /// (`next` then moves on) or of another type.
    private static func outOfSequence(_ chunk: (type: String, data: ArraySlice<UInt8>), next: inout Int) -> String? {
        guard chunk.type == "fcTL" || chunk.type == "fdAT", chunk.data.count >= 4 else { return nil }
        let number = be32(chunk.data, 0)
        guard number == next else {
            return "\(chunk.type) chunk numbered \(number) where \(next) is next in the sequence"
        }
        next += 1
        return nil
    }

    /// A frame as its fcTL chunk's 26 bytes describe it (no data yet).
    private static func frame(fcTL data: ArraySlice<UInt8>) -> Frame {
        Frame(
            region: .init(x: be32(data, 12), y: be32(data, 16), width: be32(data, 4), height: be32(data, 8)),
            delay: (be16(data, 20), be16(data, 22)), dispose: data[data.startIndex + 24],
            blend: data[data.startIndex + 25])
    }

    /// Why `frames` cannot be played on a `size` canvas; nil when they can.
    private static func misfit(_ frames: [Frame], canvas size: PixelSize) -> String? {
        for (index, frame) in frames.enumerated() {
            let region = frame.region
            guard region.width > 0, region.height > 0, region.x + region.width <= size.width,
                region.y + region.height <= size.height, frame.dispose <= 2, frame.blend <= 1
            else { return "frame \(index)'s fcTL does not fit the \(size) canvas" }
            guard !frame.data.isEmpty else { return "frame \(index) has no image data" }
        }
        return nil
    }

    /// Frame `k`'s delay as the fraction stored (den 0 read as 100, as the APNG spec says).
    public func delayFraction(ofFrame k: Int) -> (numerator: Int, denominator: Int) {
        let (numerator, denominator) = frames[k].delay
        return (numerator, denominator == 0 ? 100 : denominator)
    }

    /// Frame `k`'s delay in seconds (num/den, den 0 meaning 100).
    public func delay(ofFrame k: Int) -> Double {
        let (numerator, denominator) = frames[k].delay
        return Double(numerator) / Double(denominator == 0 ? 100 : denominator)
    }

    /// The next frame as shown, whole canvas, or nil after the last.
    public mutating func next() throws(DecodeError) -> RGBAImage? {
        guard position < frames.count else { return nil }
        let frame = frames[position]
        let region = frame.region
        if let restore {
            paste(restore.pixels, into: restore.region)
            self.restore = nil
        }
        let regionHeader = Self.be32(region.width) + Self.be32(region.height) + header[8...]
        let png = Self.png(of: frame.data, header: regionHeader, palette: palette)
        let part = try Self.decode(png, "frame \(position)'s \(frame.dataChunk)", budget)
        // Dispose PREVIOUS on the first frame means BACKGROUND (the spec).
        let dispose = frame.dispose == 2 && position == 0 ? 1 : frame.dispose
        let before = dispose == 0 ? nil : copy(region)
        draw(part, at: region, over: frame.blend == 1)
        let shown = RGBAImage(width: size.width, height: size.height, pixels: canvas)
        if let before {
            restore = (region, dispose == 1 ? [UInt8](repeating: 0, count: before.count) : before)
        }
        position += 1
        return shown
    }

    /// A still PNG of `header`'s size (IHDR's 13 bytes) and `palette`, of the image data `data`.
    private static func png(of data: [ArraySlice<UInt8>], header: [UInt8], palette: [[UInt8]]) -> [UInt8] {
        signature + chunk("IHDR", header) + palette.joined() + chunk("IDAT", data.flatMap { $0 }) + chunk("IEND", [])
    }

    /// A frame's data, as the PNG `png` of its region: a damaged one is named by `what` (its frame
    /// and chunk).
    private static func decode(_ png: [UInt8], _ what: String, _ budget: PixelBudget) throws(DecodeError) -> RGBAImage {
        do {
            return try PNGDecoder.decode(png, options: DecodeOptions(budget: budget)).image
        } catch {
            guard case .corrupt(let format, let message) = error else { throw error }
            let reason = message.hasPrefix("IDAT: ") ? String(message.dropFirst(6)) : message
            throw .corrupt(format: format, message: "APNG: \(what) data: \(reason)")
        }
    }

    private func copy(_ region: Frame.Region) -> [UInt8] {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(region.width * region.height * 4)
        for y in region.y..<region.y + region.height {
            let start = (y * size.width + region.x) * 4
            pixels += canvas[start..<start + region.width * 4]
        }
        return pixels
    }

    private mutating func paste(_ pixels: [UInt8], into region: Frame.Region) {
        let row = region.width * 4
        for y in 0..<region.height {
            let start = ((region.y + y) * size.width + region.x) * 4
            canvas.replaceSubrange(start..<start + row, with: pixels[y * row..<(y + 1) * row])
        }
    }

    /// Draws `part` at `region`: its pixels replace the canvas's (SOURCE) or are composited over them
    /// (OVER, in 8 bits as the APNG specification's sample code does).
    private mutating func draw(_ part: RGBAImage, at region: Frame.Region, over: Bool) {
        guard over else { return paste(part.pixels, into: region) }
        for y in 0..<region.height {
            for x in 0..<region.width {
                let source = (y * region.width + x) * 4
                let target = ((region.y + y) * size.width + region.x + x) * 4
                let alpha = Int(part.pixels[source + 3])
                if alpha == 255 {
                    for c in 0..<4 { canvas[target + c] = part.pixels[source + c] }
                } else if alpha > 0 {
                    let u = alpha * 255, v = (255 - alpha) * Int(canvas[target + 3])
                    let total = u + v
                    for c in 0..<3 {
                        canvas[target + c] = UInt8(
                            (Int(part.pixels[source + c]) * u + Int(canvas[target + c]) * v) / total)
                    }
                    canvas[target + 3] = UInt8(total / 255)
                }
            }
        }
    }

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The chunks of `bytes` after the signature, up to the first that does not fit.
    private static func chunks(_ bytes: [UInt8]) -> [(type: String, data: ArraySlice<UInt8>)] {
        var chunks: [(String, ArraySlice<UInt8>)] = []
        var at = 8
        while at + 12 <= bytes.count {
            let length = be32(bytes[...], at)
            guard length <= bytes.count - at - 12 else { break }
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            chunks.append((type, bytes[at + 8..<at + 8 + length]))
            if type == "IEND" { break }
            at += 12 + length
        }
        return chunks
    }

    /// Why `bytes` is damaged where its frames are re-encoded and so never checked: a chunk whose CRC
    /// does not match, or no IEND (cut short); nil when whole (found by review: a baseline missing
    /// its last 12 bytes, or with a flipped CRC, passed `check` and `diff`).
    private static func damage(_ bytes: [UInt8]) -> String? {
        var at = 8
        while at + 12 <= bytes.count {
            let length = be32(bytes[...], at)
            guard length <= bytes.count - at - 12 else { break }
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            let crc = bytes.withUnsafeBufferPointer { gr_png_crc32($0.baseAddress.map { $0 + at + 4 }, length + 4) }
            guard crc == UInt32(be32(bytes[...], at + 8 + length)) else {
                return "the \(type) chunk at byte \(at) fails its CRC"
            }
            if type == "IEND" { return nil }
            at += 12 + length
        }
        return "no IEND: the file is cut short"
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { APNGWriter.chunk(type, data) }
    private static func be32(_ value: Int) -> [UInt8] { APNGWriter.be32(UInt32(value)) }

    /// The big-endian 32-bit number at `offset` from the slice's start.
    private static func be32(_ bytes: ArraySlice<UInt8>, _ offset: Int) -> Int {
        let at = bytes.startIndex + offset
        return bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func be16(_ bytes: ArraySlice<UInt8>, _ offset: Int) -> Int {
        let at = bytes.startIndex + offset
        return Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }
}
