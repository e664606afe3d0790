import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing bytes whole to an open descriptor: the one loop that goes on after a short write or EINTR.
public enum DescriptorWrite {
    /// Writes all of `bytes` to `descriptor`; the errno of the write that failed (EIO for one that
    /// wrote nothing), or nil.
    public static func all(_ bytes: some ContiguousBytes, to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return written < 0 ? errno : EIO }
                offset += written
            }
            return nil
        }
    }
}
