import GalleryCore
import ImageCodecs
import VisualDiff

/// `diff` of animated PNGs: every frame compared, as `check` compares an animation (found by review:
/// the first frames alone were compared, and two flings differing in 19 frames "matched").
extension DiffCommand {
    /// The exit code of comparing `expected` and `actual` frame by frame when either is an APNG; nil
    /// when neither is (or one cannot be opened: the still comparison says why). An animated WebP,
    /// whose frames diff does not read, cannot be compared (2), never a match of its first frames.
    static func animated(
        _ expected: String, _ actual: String, criteria: DiffCriteria, diffPath: String?, json: Bool, console: Console
    ) throws -> ExitCode? {
        guard
            let starts = try? [expected, actual].map({ path throws(FileError) in
                let file = try RegularFile(path: path)
                return try file.bytes(count: min(file.size, 64 << 10))
            })
        else { return nil }
        if let webp = zip([expected, actual], starts).first(where: { isAnimatedWebP($0.1) }) {
            console.line(
                "Error: ", "\(webp.0) is an animated WebP: diff compares animations as APNG (animate -o NAME.png)")
            return .cannotCompare
        }
        guard starts.contains(where: AnimationComparer.isAnimation) else { return nil }
        var bytes: [[UInt8]] = []
        for (index, path) in [expected, actual].enumerated() {
            do {
                bytes.append(try ImageDecoder.readBytes(atPath: path, limit: PixelBudget.standard.maxFileBytes))
            } catch {
                return unreadable(index, error, console)
            }
        }
        let result: AnimationComparison
        do {
            result = try AnimationComparer(criteria: criteria).compare(
                expected: bytes[0], actual: bytes[1], diffImage: diffPath != nil)
        } catch { return unreadable(error.index, error.error, console) }
        if let diffPath { try writeDiff(result.first?.diff, to: diffPath, console: console) }
        if json {
            console.out(document(result, size: ImageComparer.pngSize(starts[0])).compact + "\n")
        } else {
            let summary = result.summary(actual: "the actual", expected: "the expected")
            console.out("\(result.matches ? "match" : "different"): \(Console.escaped(summary))\n")
        }
        return result.matches ? .success : .failure
    }

    /// Says which of the two (0 the expected) cannot be read, and why: exit 2.
    private static func unreadable(_ index: Int, _ error: DecodeError, _ console: Console) -> ExitCode {
        console.line("Error: ", "the \(index == 0 ? "expected" : "actual") image: \(error)")
        return .cannotCompare
    }

    /// The first failing frame's diff image at `path`; with none (every frame matches within the
    /// limits, or only the frame counts or timing differ), an earlier one removed, and said.
    private static func writeDiff(_ diff: RGBAImage?, to path: String, console: Console) throws {
        if let diff { return try write(diff, pixels: diff.width * diff.height, to: path) }
        let removed = AtomicFile.removeReplaced(path)
        console.warning(
            "--diff-image \(path) not written: no frame has a diff image\(removed ? " (the earlier one removed)" : "")")
    }

    /// `--json` for animations: the still's keys summed over the frames (every pixel of a frame only
    /// one has), the expected canvas's size, and `frames` and `failingFrames`, only here.
    static func document(_ result: AnimationComparison, size: PixelSize?) -> JSONValue {
        let (width, height) = (size?.width ?? 0, size?.height ?? 0)
        let diffPixels = result.frames.reduce(0) { $0 + $1.diffPixels }
        let total = max(result.expectedFrames, result.actualFrames) * width * height
        return .object([
            ("match", .bool(result.matches)), ("diffPixels", .number(Double(diffPixels))),
            ("totalPixels", .number(Double(total))),
            ("ratio", total > 0 ? .exactNumber(Double(diffPixels) / Double(total)) : .null),
            ("width", .number(Double(width))), ("height", .number(Double(height))),
            ("frames", .number(Double(result.actualFrames))),
            ("expectedFrames", .number(Double(result.expectedFrames))),
            ("failingFrames", .array(result.failingFrames.map { .number(Double($0)) })),
        ])
    }

    /// A WebP whose VP8X header sets the animation flag.
    static func isAnimatedWebP(_ bytes: [UInt8]) -> Bool {
        bytes.count > 20 && bytes[0..<4].elementsEqual("RIFF".utf8) && bytes[8..<16].elementsEqual("WEBPVP8X".utf8)
            && bytes[20] & 0x02 != 0
    }
}
