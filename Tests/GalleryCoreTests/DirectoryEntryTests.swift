import Foundation
import GalleryCore
import TestSupport
import Testing

@Suite struct DirectoryEntryTests {
    /// A folder large enough that readdir's 32 KiB buffer fills many times, with names of every length
    /// up to the longest a file system allows: the last record of each buffer is shorter than
    /// `struct dirent`. `make sanitize-address` caught a listing that copied whole `dirent`s reading
    /// past the buffer (found by fuzz-options on /bin); here every name must come back, byte for byte.
    @Test func everyNameOfALargeFolderIsListedWhole() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var expected: Set<String> = []
        for index in 0..<1500 {
            let name = "\(index)-" + String(repeating: "n", count: index % 250)
            _ = FileManager.default.createFile(atPath: folder.file(name), contents: nil)
            expected.insert(name)
        }
        try FileManager.default.createDirectory(atPath: folder.file("sub"), withIntermediateDirectories: false)
        let entries = DirectoryEntry.list(folder.path)
        #expect(Set(entries.map(\.name)) == expected.union(["sub"]))
        #expect(entries.count == expected.count + 1)
        #expect(entries.first { $0.name == "sub" }?.kind != .regular)
    }
}
