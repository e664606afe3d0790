import GalleryCore
import ImageCodecs
import VisualDiff

/// `diff` of animated PNGs: every frame compared, as `check` compares an animation (found by review:
/// the first frames alone were compared, and two flings differing in 19 frames "matched").
extension DiffCommand {
    /// The exit code of comparing `expected` and `actual` frame by frame when either is an APNG; nil
    /// when neither is, or when one cannot be opened (the still comparison says so). An animated WebP, whose frames diff
    /// does not read, cannot be compared (2), never a match of its first frames.
    static func animated(
        _ expected: String, _ actual: String, criteria: DiffCriteria, diffPath: String?, json: Bool, console: Console
    ) throws -> ExitCode? {
        guard let files = try? [expected, actual].map({ path throws(FileError) in try RegularFile(path: path) }),
            let starts = try? files.map({ file throws(FileError) in try file.bytes(count: min(file.size, 64 << 10)) })
        else { return nil }
        if let webp = zip([expected, actual], starts).first(where: { isAnimatedWebP($0.1) }) {
            if json { console.out(unreadableDocument.compact + "\n") }
            console.line(
                "Error: ",
                "the \(webp.0 == expected ? "expected" : "actual") image \(webp.0) is an animated WebP: diff compares animations as APNG (animate -o NAME.png)"
            )
            return .cannotCompare
        }
        guard starts.contains(where: AnimationComparer.isAnimation) else { return nil }
        var bytes: [[UInt8]] = []
        for (index, path) in [expected, actual].enumerated() {
            do {
                bytes.append(try ImageDecoder.readBytes(atPath: path, limit: PixelBudget.standard.maxFileBytes))
            } catch {
                return unreadable(index, path, error, json: json, console)
            }
        }
        // The same bytes match without their pixels compared, once read as whole (found by review: a
        // damaged file matched a copy of itself, and its JSON was one frame's).
        let identical = bytes[0] == bytes[1]
        let result: AnimationComparison
        do {
            let comparer = AnimationComparer(criteria: criteria)
            result =
                try identical
                ? comparer.identical(bytes[0])
                : comparer.compare(expected: bytes[0], actual: bytes[1], diffImage: diffPath != nil)
        } catch { return unreadable(error.index, [expected, actual][error.index], error.error, json: json, console) }
        if let diffPath { try writeDiff(result.first?.diff, to: diffPath, console: console) }
        if json {
            let sizes = (ImageComparer.pngSize(starts[0]), ImageComparer.pngSize(starts[1]))
            console.out(document(result, sizes: sizes).compact + "\n")
        } else {
            let summary = identical ? "identical files" : result.summary(actual: "the actual", expected: "the expected")
            console.out("\(result.matches ? "match" : "different"): \(Console.escaped(summary))\n")
        }
        return result.matches ? .success : .failure
    }

    /// Says which of the two (0 the expected, at `path`) cannot be read, and why, as a still's
    /// comparison says it: exit 2.
    private static func unreadable(
        _ index: Int, _ path: String, _ error: DecodeError, json: Bool, _ console: Console
    ) -> ExitCode {
        if json { console.out(unreadableDocument.compact + "\n") }
        console.line("Error: ", "the \(index == 0 ? "expected" : "actual") image: cannot read \(path): \(error)")
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

    /// `--json` for animations: the still's keys summed over the frames (a frame both have counts the
    /// expected canvas's pixels, one only the actual has the actual's, so the ratio is at most 1),
    /// the expected canvas's size (and the actual's when they differ, as for stills), and `frames`,
    /// `expectedFrames` and `failingFrames`, only here.
    static func document(_ result: AnimationComparison, sizes: (PixelSize?, PixelSize?)) -> JSONValue {
        let none = PixelSize(width: 0, height: 0)
        let (expected, actual) = (sizes.0 ?? none, sizes.1 ?? none)
        let diffPixels = result.frames.reduce(0) { $0 + $1.diffPixels }
        let onlyActual = max(result.actualFrames - result.expectedFrames, 0)
        let total = result.expectedFrames * expected.width * expected.height + onlyActual * actual.width * actual.height
        var keys: [(String, JSONValue)] = [
            ("match", .bool(result.matches)), ("diffPixels", .number(Double(diffPixels))),
            ("totalPixels", .number(Double(total))),
            ("ratio", total > 0 ? .exactNumber(min(Double(diffPixels) / Double(total), 1)) : .null),
            ("width", .number(Double(expected.width))), ("height", .number(Double(expected.height))),
        ]
        if actual != expected {
            keys += [("actualWidth", .number(Double(actual.width))), ("actualHeight", .number(Double(actual.height)))]
        }
        return .object(
            keys + [
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
