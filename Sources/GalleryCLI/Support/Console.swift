import GalleryCore
import RenderPipeline

#if canImport(Glibc)
    import Glibc
#endif

/// Where the command writes: standard output and error, and whether error is a terminal.
struct Console: Sendable {
    var quiet = false
    /// The errno of the first write to standard output that failed (a full disk, a closed pipe with
    /// SIGPIPE ignored): the command then fails, saying so, instead of exiting 0 with output lost.
    let outputFailure = Locked<Int32?>(nil)

    func out(_ text: String) {
        if let failed = write(text, to: STDOUT_FILENO) { outputFailure.withLock { $0 = $0 ?? failed } }
    }

    /// `bytes` (UTF-8 text) on standard output, as `out` writes text; false when the write failed.
    @discardableResult
    func out(bytes: [UInt8]) -> Bool {
        guard let failed = DescriptorWrite.all(bytes, to: STDOUT_FILENO) else { return true }
        outputFailure.withLock { $0 = $0 ?? failed }
        return false
    }

    /// Whether stderr's last line is a progress bar without its newline (on a terminal): other text
    /// first clears it, and the next frame draws it again below that text.
    private let progressOpen = Locked(false)

    func error(_ text: String) {
        progressOpen.withLock { open in
            if open { _ = write("\r\u{1B}[K", to: STDERR_FILENO) }
            open = false
            _ = write(text, to: STDERR_FILENO)
        }
    }

    /// The terminal's progress `bar`, drawn over the last one (from the line's start).
    func progress(bar: String) {
        progressOpen.withLock { open in
            _ = write("\r" + bar, to: STDERR_FILENO)
            open = true
        }
    }

    /// Ends the progress bar's line, when one is drawn.
    func endProgress() {
        progressOpen.withLock { open in
            if open { _ = write("\n", to: STDERR_FILENO) }
            open = false
        }
    }

    /// "warning: …" on stderr, unless quiet; the text escaped (`escaped`).
    func warning(_ text: String) { if !quiet { error("warning: \(Self.escaped(text))\n") } }

    /// The warning for a file in a photo folder that is named like a photo but is not one, or cannot
    /// be read to tell.
    func skippedPhoto(_ path: String) {
        let problem = PhotoProblem.notAnImage(path)
        let reason = problem.isUnrecognized ? "\(problem.message) by its contents" : problem.message
        warning("\(path): \(reason): skipped")
    }

    /// `prefix` then `message`, escaped, as one line on stderr: "Error: ", "FAIL x.png: ".
    func line(_ prefix: String, _ message: String) { error(prefix + Self.escaped(message) + "\n") }

    /// Longest text echoed from a message, in characters; past it, the count of the rest.
    static let longestEcho = 1_000

    /// `text` as one safe line: control characters (a newline in a file name could start a GitHub
    /// workflow command; ESC and BEL drive the terminal) as `\n`, `\r`, `\t` or `\x1B`, and text
    /// past `longestEcho` characters cut in the middle, saying how much was left out, so that the
    /// reason at the end of a message about a long name still shows.
    static func escaped(_ text: String) -> String {
        // Cut between characters as a reader sees them: an emoji keeps its skin tone.
        let characters = Array(text)
        if characters.count > longestEcho { return cut(characters.map(String.init), unit: "characters") }
        // A few characters of thousands of marks each: cut between code points instead.
        let scalars = Array(text.unicodeScalars)
        if scalars.count > 4 * longestEcho { return cut(scalars.map(String.init), unit: "code points") }
        return ShownText.escaping(text)
    }

    /// The first and last of `pieces` (a quarter of `longestEcho` at the end), escaped, with how many
    /// were left out between them.
    private static func cut(_ pieces: [String], unit: String) -> String {
        let tail = longestEcho / 4
        let head = longestEcho - tail
        return ShownText.escaping(pieces[..<head].joined()) + "… (\(pieces.count - longestEcho) more \(unit)) …"
            + ShownText.escaping(pieces[(pieces.count - tail)...].joined())
    }

    /// True when stderr is a terminal, where progress is shown.
    var showsProgress: Bool { !quiet && isatty(STDERR_FILENO) == 1 }
    /// Whether progress goes to a log (stderr is no terminal) as occasional lines.
    var logsProgress: Bool { !quiet && isatty(STDERR_FILENO) != 1 }

    /// Writes all of `text`; the errno when that failed.
    private func write(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { DescriptorWrite.all(UnsafeRawBufferPointer($0), to: descriptor) }
    }
}
