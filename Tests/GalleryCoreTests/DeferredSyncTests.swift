import Foundation
import GalleryCore
import TestSupport
import Testing

@Suite struct DeferredSyncTests {
    /// Files of a batch are in place (renamed, no temporaries) as each write returns, before the flush;
    /// a flush, and one more with nothing new, succeed.
    @Test func filesArePutInPlaceBeforeTheFlush() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let sync = DeferredSync()
        for name in ["a.png", "b.png", "sub/c.png"] {
            try AtomicFile.write(Array(name.utf8), to: folder.file(name), sync: sync)
            #expect(FileManager.default.contents(atPath: folder.file(name)) == Data(name.utf8))
        }
        #expect(TemporaryFolder.list(folder.path) == ["a.png", "b.png", "sub"])
        #expect(TemporaryFolder.list(folder.file("sub")) == ["c.png"])
        try sync.flush()
        try sync.flush()
    }

    /// A file that is gone by the flush is an error naming it, not a silent success.
    @Test func aFlushThatCannotSyncNamesTheFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let sync = DeferredSync()
        try ContainedPath.write([1, 2, 3], to: "images/x.png", in: folder.path, sync: sync)
        try FileManager.default.removeItem(atPath: folder.file("images"))
        do {
            try sync.flush()
            Issue.record("the flush succeeded")
        } catch {
            #expect(error.path.hasSuffix("/images/x.png"), "\(error)")
        }
    }
}
