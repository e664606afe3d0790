import CPNGRead
import GalleryCore

/// A plain PNG (8-bit, not interlaced, gray / gray+alpha / RGB / RGBA, no tRNS) read a row at a time
/// by the fast reader, in one pass over the file in 256 KiB pieces: a few hundred KiB of memory,
/// whatever the image's size.
///
/// It never judges a file. When it declines one (`init` returns nil) or gives up halfway (`next`
/// returns false), the caller throws its rows away and decodes the file with `ImageDecoder`, whose
/// libpng decides what the file holds and what any error says.
public final class PNGRowReader {
    public let width: Int
    public let height: Int
    private let reader: OpaquePointer
    private let file: RegularFile

    /// Opens the reader on `file` and reads up to the image data; nil when the fast reader does not
    /// take the file, the file is over `budget`, or memory ran out.
    public init?(file: RegularFile, budget: PixelBudget = .standard) {
        guard file.size <= budget.maxFileBytes else { return nil }
        var width: UInt32 = 0
        var height: UInt32 = 0
        guard
            let reader = gr_png_rows_open(
                nil, file.descriptor, UInt64(file.size), UInt64(budget.maxPixels), UInt32(clamping: budget.maxSide),
                &width, &height)
        else { return nil }
        self.reader = reader
        self.file = file
        self.width = Int(width)
        self.height = Int(height)
    }

    deinit { gr_png_rows_close(reader) }

    /// Decodes the next row as RGBA into `row` (`width × 4` bytes). `above` is the row the previous
    /// call wrote, unchanged since (nil for the first). The last row also checks the rest of the file.
    /// False: the reader gave up, and every later call fails too.
    public func next(into row: UnsafeMutablePointer<UInt8>, above: UnsafePointer<UInt8>?) -> Bool {
        gr_png_rows_next(reader, row, above) != 0
    }
}
