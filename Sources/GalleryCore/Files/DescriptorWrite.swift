import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing bytes whole to an open descriptor: the one loop that goes on after a short write, EINTR,
/// or EAGAIN from a descriptor a parent left non-blocking (a pipe to a Node-based CI runner, say).
public enum DescriptorWrite {
    /// Writes all of `bytes` to `descriptor`; the errno of the write that failed (EIO for one that
    /// wrote nothing), or nil.
    public static func all(_ bytes: some ContiguousBytes, to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    if let failed = waitUntilWritable(descriptor) { return failed }
                    continue
                }
                if written <= 0 { return written < 0 ? errno : EIO }
                offset += written
            }
            return nil
        }
    }

    /// Blocks until a non-blocking `descriptor` takes bytes again, or has an error the next write
    /// reports (a reader gone: EPIPE); the errno of a poll that failed, else nil.
    private static func waitUntilWritable(_ descriptor: Int32) -> Int32? {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        while poll(&entry, 1, -1) < 0 {
            if errno != EINTR { return errno }
        }
        return nil
    }
}
