import CProcess

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Two files that describe one thing (a baseline PNG and its layout) put in place as one unit: both
/// written and synced first, then renamed in a section a SIGINT, SIGTERM or SIGHUP does not cut, so
/// neither is ever left beside the other's predecessor. Readers and other writers are kept out by
/// the folder's `FolderLock`.
public enum FilePair {
    /// Commits `first`, then `second`; without a second, removes `stale` (a partner that would no
    /// longer describe `first`). Returns whether `stale` was removed. Nothing is renamed unless both
    /// temporaries were synced.
    @discardableResult
    public static func commit(
        _ first: ContainedWrite, _ second: ContainedWrite?, removing stale: ContainedPath? = nil
    )
        throws(FileError) -> Bool
    {
        do throws(FileError) {
            try first.syncNow()
            try second?.syncNow()
        } catch {
            first.discard()
            second?.discard()
            throw error
        }
        gr_signals_defer_begin()
        defer { gr_signals_defer_end() }
        do throws(FileError) { try first.commit() } catch {
            second?.discard()
            throw error
        }
        if let second { try second.commit() }
        guard second == nil, let stale else { return false }
        return (try? stale.remove()) != nil
    }
}
