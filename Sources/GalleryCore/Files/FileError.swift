#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file could not be read or written: the path, what was being done, and the system's errno.
public struct FileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being done.
    public enum Operation: Sendable, Hashable {
        case read
        case write
        /// Making `folder`, a missing parent of the file being written.
        case createFolder(String)
        /// Making the scratch file in `folder` (TMPDIR) where a stream's pieces wait.
        case createScratch(String)
        /// Adding a piece to that scratch file in `folder`.
        case writeScratch(String)
    }

    /// What went wrong.
    public enum Cause: Sendable, Hashable {
        /// A system call failed with this errno.
        case system(errno: Int32)
        /// The path is a FIFO, a device, a folder or a socket, and was not opened for reading.
        case notRegularFile
        /// A folder on the way is a symlink leading out of the folder the file must stay in.
        case leavesFolder(ContainmentError)
        /// The file holds more bytes than its reader takes: refused before anything is allocated.
        case tooLarge(bytes: Int, limit: Int)
        /// The memory to read it into could not be had.
        case outOfMemory(bytes: Int)
    }

    public let path: String
    public let operation: Operation
    public let cause: Cause

    public init(path: String, operation: Operation, cause: Cause) {
        self.path = path
        self.operation = operation
        self.cause = cause
    }

    /// A failure of the call just made: the current errno.
    static func last(_ path: String, _ operation: Operation) -> FileError {
        FileError(path: path, operation: operation, cause: .system(errno: errno))
    }

    /// The reason alone: the system's text for the errno, "not a regular file", and so on.
    public var reason: String {
        switch cause {
        case .system(let code): String(cString: strerror(code))
        case .notRegularFile: "not a regular file"
        case .leavesFolder(let refusal): refusal.description
        case .tooLarge(let bytes, let limit): "\(bytes) bytes, more than the \(limit) read at most"
        case .outOfMemory(let bytes): OutOfMemory(bytes: bytes).description
        }
    }

    public var description: String {
        switch operation {
        case .read: "cannot read \(path): \(reason)"
        case .write: "cannot write \(path): \(reason)"
        case .createFolder(let folder): "cannot write \(path): cannot create folder \(folder): \(reason)"
        case .createScratch(let folder): "cannot write \(path): no scratch file in \(folder) (TMPDIR): \(reason)"
        case .writeScratch(let folder):
            "cannot write \(path): its pieces wait in a scratch file in \(folder) (TMPDIR), which failed: \(reason)"
        }
    }
}
