import GalleryCore
import ImageCodecs
import VisualDiff

/// Stills with ignore regions: both decoded, the rendering given the baseline's pixels under the
/// mask, compared, and the diff image hatched where nothing was compared.
extension BaselineCheck {
    /// The comparison of `files` leaving out `mask`, and the hatched diff image when they differ; nil
    /// when either does not decode or their sizes differ (the plain comparison then says so).
    static func compare(
        _ files: (expected: RegularFile, actual: RegularFile), ignoring mask: IgnoreMask, _ comparer: ImageComparer
    ) -> (Comparison, RGBAImage?)? {
        guard let expected = decoded(files.expected), var actual = decoded(files.actual),
            expected.width == actual.width, expected.height == actual.height,
            mask.width == actual.width, mask.height == actual.height
        else { return nil }
        mask.blank(&actual, from: expected)
        let (comparison, diff) = comparer.compare(expected, actual, diffImage: true)
        guard !comparison.matches, var image = diff else { return (comparison, nil) }
        mask.hatch(&image)
        return (comparison, image)
    }

    private static func decoded(_ file: RegularFile) -> RGBAImage? {
        guard let bytes = try? ImageDecoder.readPhoto(file) else { return nil }
        return try? ImageDecoder.decode(bytes).image
    }
}
