import GalleryCore

/// The rendered paths of frames the frame cache served with exactly their baselines' bytes: not
/// written to the check's folder, and compared as their baselines (a warm check then writes and
/// reads back no copy of its frames).
public final class ServedBaselines: Sendable {
    private let paths = Locked(Set<String>())

    public init() {}

    func contains(_ actual: String) -> Bool { paths.withLock { $0.contains(actual) } }

    fileprivate func insert(_ actual: String) { paths.withLock { _ = $0.insert(actual) } }
}

extension BaselineCheck {
    /// Whether `bytes`, served from the frame cache for `output` (a frame's path under
    /// `actualFolder`), are its baseline's bytes: then `served` notes it and it need not be written.
    /// The caller holds the baseline folder's lock from here to the comparison, so the baseline
    /// compared is the one read here.
    public func alreadyThere(_ output: String, _ bytes: [UInt8]) -> Bool {
        let prefix = SystemPath.joined(actualFolder, "") + "/"
        guard let served, output.hasPrefix(prefix) else { return false }
        let path = String(output.dropFirst(prefix.count))
        guard images(of: path).actual == output, case .success(let file) = openBaseline(path),
            let baseline = try? file.contents(limit: bytes.count), baseline == bytes
        else { return false }
        served.insert(output)
        return true
    }

    /// The rendering of the frame at `path`, open: its baseline when it was served as one.
    func openActual(_ path: String) throws(FileError) -> RegularFile {
        let actual = images(of: path).actual
        guard served?.contains(actual) == true else { return try RegularFile(path: actual) }
        switch baselineFile(of: path) {
        case .success(let file): return try file.open()
        case .failure(let refusal):
            throw FileError(path: images(of: path).expected, operation: .read, cause: .leavesFolder(refusal))
        }
    }
}
