import Foundation
import GalleryCore
import ImageCodecs

/// Turns the PHOTOS arguments into the ordered list of photo paths.
///
/// A folder contributes its PNG, JPEG, HEIF, AVIF and WebP files (by magic bytes), not recursively, in natural order,
/// hidden files skipped. A file named directly is always an item, whatever it holds.
public enum PhotoListing {
    /// Why the PHOTOS arguments give no usable list.
    public enum ListingError: Error, Sendable, Equatable, CustomStringConvertible {
        case missing(path: String)
        /// The file or folder is there but cannot be looked at or listed (a symlink loop, no
        /// permission): the errno says why.
        case unreadable(path: String, errno: Int32)
        case noPhotos(folders: [String])

        public var description: String {
            switch self {
            case .missing(let path): "\(path): no such file or folder"
            case .unreadable(let path, let code): "\(path): cannot read: \(String(cString: strerror(code)))"
            case .noPhotos(let folders):
                folders.isEmpty
                    ? "no photos given (name a folder or files, or use --count)"
                    : "no PNG, JPEG, HEIF, AVIF or WebP photos in \(folders.joined(separator: ", "))"
            }
        }
    }

    /// Name endings of the formats read, for saying so when a file named like a photo is not one.
    static let photoSuffixes = [".jpg", ".jpeg", ".png", ".heic", ".heif", ".avif", ".webp"]

    /// The photos of `inputs`, in order. Throws when an input does not exist, or when no photo is
    /// found at all and `allowEmpty` is false. `skipped` hears each file in a folder that is named like
    /// a photo (`.jpg`, `.png`, …) but is not one by its magic bytes, and so is left out (unless it
    /// is also named directly, which makes it an item: found by review, "skipped" of a placeholder).
    public static func photos(
        from inputs: [String], allowEmpty: Bool = false, skipped: (String) -> Void = { _ in }
    ) throws(ListingError) -> [String] {
        var photos: [String] = []
        var folders: [String] = []
        var left: [String] = [], named: [String] = []
        defer {
            // However either was spelt (`./p/t.jpg`, `p/t.jpg`, a link to it): compared as the file,
            // and only when a file was left out; a folder listed twice says its file once.
            let items = left.isEmpty ? [] : Set(named.compactMap(SystemPath.canonical))
            var said = Set<String>()
            left.filter { path in
                let file = SystemPath.canonical(path)
                return file.map(items.contains) != true && said.insert(file ?? path).inserted
            }.forEach(skipped)
        }
        for input in inputs.map(SystemPath.single) {
            var status = stat()
            guard SystemPath.withCString(input, { stat($0, &status) }) == 0 else {
                throw errno == ENOENT || errno == ENOTDIR
                    ? .missing(path: input) : .unreadable(path: input, errno: errno)
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                folders.append(input)
                photos += try photosInFolder(input) { left.append($0) }
            } else {
                photos.append(input)
                named.append(input)
            }
        }
        if photos.isEmpty && !allowEmpty { throw .noPhotos(folders: folders) }
        return photos
    }

    /// A folder's photos; an entry that cannot be opened to be sniffed is kept, so that it becomes a
    /// placeholder with a warning (and fails under --strict) instead of vanishing.
    public static func photosInFolder(_ folder: String, skipped: (String) -> Void = { _ in }) throws(ListingError)
        -> [String]
    {
        let directory = SystemPath.withCString(folder) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard directory >= 0 else { throw .unreadable(path: folder, errno: errno) }
        defer { close(directory) }
        // A FIFO, socket or device is no photo (never opened), but one named like a photo is said,
        // as any other file named like one (found by review: a FIFO `2.png` vanished silently, and
        // under --strict the items after it were renumbered).
        let entries = NaturalOrder.sorted(entries(of: folder).filter { !SystemPath.isHidden($0.name) }, by: \.name)
        // Sniffing thousands of files is system calls: a few threads keep the order and halve the
        // time for a phone's camera folder; names are looked up relative to the open folder.
        let keep = Parallel.map(entries, jobs: min(4, Processors.count)) {
            $0.kind != .other
                && isImage($0.name, in: directory, knownRegular: $0.kind == .regular, keepUnreadable: true)
        }
        for (entry, kept) in zip(entries, keep) where !kept {
            let lowered = entry.name.lowercased()
            // A folder named like a photo (`2019.jpg/`) is no candidate: folders are not read into.
            guard photoSuffixes.contains(where: lowered.hasSuffix), !isFolder(entry.name, in: directory) else {
                continue
            }
            skipped(SystemPath.joined(folder, entry.name))
        }
        return zip(entries, keep).filter(\.1).map { SystemPath.joined(folder, $0.0.name) }
    }

    /// Whether `name` in the open `directory` is a folder (or a link to one).
    static func isFolder(_ name: String, in directory: Int32) -> Bool {
        var status = stat()
        return SystemPath.withCString(name, { fstatat(directory, $0, &status, 0) }) == 0
            && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The names in `folder` with their types (DirectoryEntry).
    static func entries(of folder: String) -> [DirectoryEntry] { DirectoryEntry.list(folder) }

    /// Why a file of a folder named like a photo was left out: it cannot be looked at (a link to
    /// nothing, a loop of links), is no regular file (a FIFO, a device), cannot be opened, or holds
    /// no image by its first bytes (found by review: all four were said to be the last).
    public static func whySkipped(_ path: String) -> DecodeError {
        var status = stat()
        guard SystemPath.withCString(path, { stat($0, &status) }) == 0 else {
            return .unreadable(FileError(path: path, operation: .read, cause: .system(errno: errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return .unreadable(FileError(path: path, operation: .read, cause: .notRegularFile))
        }
        let descriptor = SystemPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else {
            return .unreadable(FileError(path: path, operation: .read, cause: .system(errno: errno)))
        }
        close(descriptor)
        return .unrecognizedFormat
    }

    /// True when the file at `path` (relative to `directory`) is a regular file starting with the
    /// signature of a format `ImageFormat` knows. The type is checked before the file is opened (unless the folder already said), so a FIFO in a folder
    /// never blocks the listing.
    /// With `keepUnreadable`, a regular file that cannot be opened (no permission) counts too.
    static func isImage(
        _ path: String, in directory: Int32 = AT_FDCWD, knownRegular: Bool = false, keepUnreadable: Bool = false
    ) -> Bool {
        var status = stat()
        guard
            knownRegular
                || (SystemPath.withCString(path, { fstatat(directory, $0, &status, 0) }) == 0
                    && status.st_mode & S_IFMT == S_IFREG)
        else { return false }
        let descriptor = SystemPath.withCString(path) { openat(directory, $0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { return keepUnreadable && (errno == EACCES || errno == EPERM) }
        defer { close(descriptor) }
        // Enough for a HEIF's ftyp box with its compatible brands.
        var head = [UInt8](repeating: 0, count: 64)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 64) }
        return count > 0 && ImageFormat(sniffing: head.prefix(count)) != nil
    }
}
