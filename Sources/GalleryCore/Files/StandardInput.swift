#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input read whole, as `-` names it in place of a file (`jq … | gallery-render batch -`).
public enum StandardInput {
    /// Every byte until end of input, in pieces of at most 64 KiB; more than `limit` bytes is refused
    /// as soon as the next one arrives, so no more than `limit` + 64 KiB is ever held.
    public static func contents(limit: Int, descriptor: Int32 = STDIN_FILENO) throws(FileError) -> [UInt8] {
        let name = "standard input"
        var bytes: [UInt8] = []
        let piece = 1 << 16
        var buffer = [UInt8](repeating: 0, count: piece)
        while true {
            let got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, piece) }
            if got < 0, errno == EINTR { continue }
            if got < 0 { throw .last(name, .read) }
            if got == 0 { return bytes }
            guard bytes.count + got <= limit else {
                throw FileError(path: name, operation: .read, cause: .tooLarge(bytes: bytes.count + got, limit: limit))
            }
            bytes.append(contentsOf: buffer[..<got])
        }
    }
}
