import GalleryCore
import ImageCodecs
import VisualDiff

/// Compares two images as `gallery-render diff` does (pixelmatch's measure and options).
public enum SnapshotDiff {
    /// Compares two image files' bytes; with `diffImage`, pixelmatch's diff image too.
    public static func compare(
        expected: [UInt8], actual: [UInt8], criteria: DiffCriteria = DiffCriteria(), diffImage: Bool = false
    ) throws(RenderError) -> (Comparison, diff: RGBAImage?) {
        let a: RGBAImage, b: RGBAImage
        do { a = try ImageDecoder.decode(expected).image } catch { throw .unreadableImage(.expected, error) }
        do { b = try ImageDecoder.decode(actual).image } catch { throw .unreadableImage(.actual, error) }
        return compare(a, b, criteria: criteria, diffImage: diffImage)
    }

    /// Compares the image files at `expected` and `actual`, as `gallery-render diff` does: identical
    /// bytes without decoding, two plain PNGs a band of rows at a time; an unreadable file is a
    /// `Comparison.unreadable` naming it.
    public static func compare(
        expectedFile expected: String, actualFile actual: String, criteria: DiffCriteria = DiffCriteria(),
        diffImage: Bool = false
    ) -> (Comparison, diff: RGBAImage?) {
        let (comparison, image) = ImageComparer(criteria: criteria).compare(
            expected: expected, actual: actual, diffImage: diffImage)
        return (comparison, image)
    }

    /// Compares two decoded images.
    public static func compare(
        _ expected: RGBAImage, _ actual: RGBAImage, criteria: DiffCriteria = DiffCriteria(), diffImage: Bool = false
    ) -> (Comparison, diff: RGBAImage?) {
        let (comparison, image) = ImageComparer(criteria: criteria).compare(expected, actual, diffImage: diffImage)
        return (comparison, image)
    }
}
