import Foundation

/// The cores this process may use, read once: Foundation's `activeProcessorCount` reads the cgroup's
/// quota files on every call (two opens, reads and closes: 4,000 of each for a 2,000-scene manifest's
/// photo listings).
public enum Processors {
    public static let count = max(1, ProcessInfo.processInfo.activeProcessorCount)
}
