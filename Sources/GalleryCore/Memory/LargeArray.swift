import CProcess

/// Arrays of many megabytes made so that running out of memory is an error, not an abort.
///
/// Swift's allocator aborts when `malloc` fails (as it does under `ulimit -v`, or a container's
/// address-space limit). So the room is tried first with `malloc` itself and given back (in C, where
/// the pair is not optimised away), and the array
/// is then allocated with no other large allocation in between: all of them take one lock, held
/// only for the allocation, never while the array is filled.
public enum LargeArray {
    /// Smaller arrays are left to the allocator: a failure there means the process is lost anyway.
    static let checkedBytes = 1 << 20
    private static let lock = Locked(())

    /// `count` elements, not initialised (any bit pattern is a value of `Element`); nil when the
    /// memory cannot be had.
    public static func uninitialized<Element: BitwiseCopyable>(_: Element.Type = Element.self, count: Int)
        -> [Element]?
    {
        let (bytes, overflow) = max(count, 0).multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        guard !overflow, bytes < Int.max / 2 else { return nil }
        return lock.withLock { _ -> [Element]? in
            if bytes >= checkedBytes {
                // The array's own header and alignment come on top; a page more covers them.
                guard gr_memory_available(bytes + 4096) != 0 else { return nil }
            }
            return [Element](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        }
    }

    /// `count` copies of `value`; nil when the memory cannot be had.
    public static func filled<Element: BitwiseCopyable>(_ value: Element, count: Int) -> [Element]? {
        guard var array = uninitialized(Element.self, count: count) else { return nil }
        // Unspecialised, `update(repeating:)` copies element by element through value witnesses (2.5 %
        // of a 143-frame animation); doubling copies of raw bytes are memcpy's speed for any element.
        array.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            base.storeBytes(of: value, as: Element.self)
            var filled = MemoryLayout<Element>.stride
            while filled < bytes.count {
                let chunk = min(filled, bytes.count - filled)
                (base + filled).copyMemory(from: base, byteCount: chunk)
                filled += chunk
            }
        }
        return array
    }

    /// Whether `bytes` could be allocated now (tried with `malloc` and given back): a check before
    /// work whose allocations are many and bounded in total.
    public static func available(bytes: Int) -> Bool {
        guard bytes >= checkedBytes else { return true }
        guard bytes < Int.max / 2 else { return false }
        return lock.withLock { _ in
            gr_memory_available(bytes) != 0
        }
    }
}
