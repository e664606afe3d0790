import GalleryCore
import GalleryRender
import ImageCodecs
import VisualDiff

/// `gallery-render diff EXPECTED.png ACTUAL.png`: pixelmatch's comparison, for CI.
enum DiffCommand: Subcommand {
    static let spec = CommandSpec(
        commandName: "gallery-render diff",
        abstract: "Compare two PNGs with pixelmatch's perceptual measure.",
        arguments: [("expected", "The reference image."), ("actual", "The image to check.")],
        optionGroups: [
            ("DIFF OPTIONS", DiffOptions.specs + DiffOutputOptions.specs),
            ("OPTIONS", [RunOptions.help.spec]),
        ],
        discussion:
            "Animated PNGs (animate's and check's) are compared frame by frame: a frame only one has, or a different timing, is a difference; --diff-image is the first failing frame's.\n\nExit status: 0 the images match, 1 they differ (different sizes included), 2 one could not be read, 64 usage error.",
        usage:
            "gallery-render diff <expected> <actual> [--threshold <t>] [--max-diff-pixels <n>] [--diff-image <path>] [--json] [options]"
    )

    static func run(_ parsed: ParsedArguments, console: Console) throws -> ExitCode {
        guard parsed.positionals.count == 2 else {
            throw parsed.positionals.count < 2
                ? UsageError.missingArgument("<\(parsed.positionals.isEmpty ? "expected" : "actual")>")
                : UsageError("Expected two images, got \(parsed.positionals.count) arguments")
        }
        let criteria = try DiffOptions.criteria(parsed)
        let output = DiffOutputOptions.declared
        let (expected, actual) = (parsed.positionals[0], parsed.positionals[1])
        let diffPath = try parsed.read(output.diffImage)
        if let diffPath {
            var guarded = WriteGuard()
            guarded.reads(expected, "the expected image \(expected)")
            guarded.reads(actual, "the actual image \(actual)")
            try guarded.writes(diffPath, "--diff-image \(diffPath)")
        }
        let json = parsed.isSet(output.json)
        if let code = try animated(
            expected, actual, criteria: criteria, diffPath: diffPath, json: json, console: console)
        {
            return code
        }
        let (comparison, diff) = SnapshotDiff.compare(
            expectedFile: expected, actualFile: actual, criteria: criteria, diffImage: diffPath != nil)
        if let diffPath {
            if case .compared(let counts) = comparison {
                try write(diff, pixels: counts.totalPixels, to: diffPath)
            } else {
                // No image to draw: one left by an earlier diff must not pass for this one's (found
                // by review: sizes differing kept yesterday's diff image, of other images).
                let removed = AtomicFile.removeReplaced(diffPath)
                let why =
                    if case .sizeMismatch = comparison { "the sizes differ" } else { "an image could not be read" }
                console.warning(
                    "--diff-image \(diffPath) not written: \(why)\(removed ? " (the earlier one removed)" : "")")
            }
        }
        if let mismatch = ColorTagMismatch(expected: expected, actual: actual) { console.warning("\(mismatch)") }
        if json { console.out(document(comparison).compact + "\n") }
        switch comparison {
        case .unreadable(let side, _, _):
            // Which of the two, as `diff EXPECTED ACTUAL` names them (review finding).
            console.line("Error: ", "the \(side == .expected ? "expected" : "actual") image: " + comparison.summary)
            return .cannotCompare
        case .sizeMismatch:
            // A difference like any other (found by review: it went to stderr alone, as an error).
            if !json { console.out("different: \(Console.escaped(comparison.summary))\n") }
            return .failure
        case .compared(let counts):
            if !json {
                console.out("\(counts.matches ? "match" : "different"): \(Console.escaped(comparison.summary))\n")
            }
            return counts.matches ? .success : .failure
        }
    }

    /// Writes the diff image, or fails with 2: the comparison is not complete without the image asked
    /// for, never "different". A write error names the file itself; an encoding one (out of memory)
    /// is given its name.
    static func write(_ diff: RGBAImage?, pixels: Int, to path: String) throws {
        guard let diff else {
            throw CommandFailure(
                messages: ["cannot make \(path): \(OutOfMemory(bytes: pixels * 4))"], code: .cannotCompare)
        }
        let png: [UInt8]
        do { png = try PNGEncoder.encode(diff, compression: .matches) } catch {
            throw CommandFailure(messages: ["cannot write \(path): \(error)"], code: .cannotCompare)
        }
        do { try AtomicFile.write(png, to: path) } catch {
            throw CommandFailure(messages: ["\(error)"], code: .cannotCompare)
        }
    }

    /// `--json` when an image cannot be read: no counts.
    static let unreadableDocument = JSONValue.object([
        ("match", .bool(false)), ("diffPixels", .null), ("totalPixels", .null), ("ratio", .null),
        ("width", .null), ("height", .null),
    ])

    /// The contract's `--json` object.
    static func document(_ comparison: Comparison) -> JSONValue {
        switch comparison {
        case .compared(let c):
            .object([
                ("match", .bool(c.matches)), ("diffPixels", .number(Double(c.diffPixels))),
                ("totalPixels", .number(Double(c.totalPixels))),
                ("ratio", .exactNumber(c.ratio)), ("width", .number(Double(c.width))),
                ("height", .number(Double(c.height))),
            ])
        case .sizeMismatch(let expected, let actual):
            // The actual image's size too, only here: the sizes differing is the difference.
            .object([
                ("match", .bool(false)), ("diffPixels", .number(Double(expected.width * expected.height))),
                ("totalPixels", .number(Double(expected.width * expected.height))), ("ratio", .number(1)),
                ("width", .number(Double(expected.width))), ("height", .number(Double(expected.height))),
                ("actualWidth", .number(Double(actual.width))), ("actualHeight", .number(Double(actual.height))),
            ])
        case .unreadable: unreadableDocument
        }
    }
}
