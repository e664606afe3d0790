import Foundation

/// The sanitizer whose runtime this test process (and so the binary built beside it) carries, found
/// by its start-up symbol. Some tests take away what a runtime itself needs (/proc, room in TMPDIR).
public enum Sanitizer: String, CaseIterable, Sendable {
    case address = "__asan_init"
    case thread = "__tsan_init"

    /// Whether this process runs under the sanitizer.
    public var isActive: Bool { dlsym(nil, rawValue) != nil }
}
