import GalleryCore

/// Horizontal bands of rows handed to up to `jobs` threads. Work on one band never reads or writes
/// another band's rows, so the result is the same whatever the number of threads.
public enum RowBands {
    /// Calls `body` once per band of `0..<rows`; at most `jobs` bands run at once.
    public static func forEach(rows: Int, jobs: Int, _ body: (Range<Int>) -> Void) {
        let bands = max(1, min(jobs, rows))
        if bands == 1 {
            body(0..<rows)
            return
        }
        withoutActuallyEscaping(body) { body in
            let shared = UncheckedBody(body)
            Parallel.forEach(bands) { band in shared.body(rows * band / bands..<rows * (band + 1) / bands) }
        }
    }
}

/// The band closure shared by the workers. Unchecked because the closure is not `@Sendable`; safe
/// because each call touches only its own band's rows, and `forEach` returns only when all are done.
private struct UncheckedBody: @unchecked Sendable {
    let body: (Range<Int>) -> Void
    init(_ body: @escaping (Range<Int>) -> Void) { self.body = body }
}
