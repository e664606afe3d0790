#if canImport(Glibc)
    import Glibc
#endif

/// Where the command writes: standard output and error, and whether error is a terminal.
struct Console: Sendable {
    var quiet = false

    func out(_ text: String) { write(text, to: STDOUT_FILENO) }

    func error(_ text: String) { write(text, to: STDERR_FILENO) }

    /// "warning: …" on stderr, unless quiet.
    func warning(_ text: String) { if !quiet { error("warning: \(text)\n") } }

    /// True when stderr is a terminal, where progress is shown.
    var showsProgress: Bool { !quiet && isatty(STDERR_FILENO) == 1 }

    private func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written <= 0 {
                    if written < 0, errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
