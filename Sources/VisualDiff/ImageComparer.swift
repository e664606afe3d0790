import Dispatch
import GalleryCore
import ImageCodecs

/// Compares image files: cheap exits first (identical bytes, different sizes), then pixelmatch over
/// both images decoded in parallel.
public struct ImageComparer: Sendable {
    public var criteria: DiffCriteria

    public init(criteria: DiffCriteria = DiffCriteria()) { self.criteria = criteria }

    /// Compares the files at `expected` and `actual`; with `diffImage`, also returns pixelmatch's
    /// diff image (faded grey context, red differences, yellow anti-aliasing).
    ///
    /// Byte-identical files are compared without decoding. Two plain PNGs of the same size are
    /// decoded and compared together, a band of rows at a time (`StreamingDiff`); anything else, and
    /// any file the fast reader gives up on, is decoded whole, by libpng where need be.
    public func compare(expected: String, actual: String, diffImage: Bool = false) -> (Comparison, RGBAImage?) {
        compare(
            expected: Self.open(expected), actual: Self.open(actual), paths: (expected, actual), diffImage: diffImage)
    }

    /// The file at `path`, open, or why not.
    private static func open(_ path: String) -> Result<RegularFile, DecodeError> {
        Result { () throws(DecodeError) in
            do throws(FileError) { return try RegularFile(path: path) } catch { throw .unreadable(error) }
        }
    }

    /// The whole-image path for the files at two paths.
    func compareWhole(expected: String, actual: String, diffImage: Bool) -> (Comparison, RGBAImage?) {
        compareWhole(
            expected: Self.open(expected), actual: Self.open(actual), paths: (expected, actual), diffImage: diffImage)
    }

    /// `compare(expected:actual:diffImage:)` of two files already open (a baseline a `ContainedPath`
    /// walk opened: the file checked is the file compared).
    public func compare(expected: RegularFile, actual: RegularFile, diffImage: Bool = false) -> (
        Comparison, RGBAImage?
    ) {
        compare(
            expected: .success(expected), actual: .success(actual), paths: (expected.path, actual.path),
            diffImage: diffImage)
    }

    /// A check's comparison: byte-identical files match at once; any others are compared once,
    /// pixelmatch's diff image made in the same pass and returned only when they differ. `actual` is
    /// the tool's own PNG (rendered, or from the frame cache): a baseline with the same bytes is as
    /// valid as it, so neither is decoded.
    public func compareOnce(expected: RegularFile, actual: RegularFile) -> (Comparison, RGBAImage?) {
        if let identical = Self.identical(expected, actual, decoding: false) { return (identical, nil) }
        let (comparison, image) = compare(expected: expected, actual: actual, diffImage: true)
        return (comparison, comparison.matches ? nil : image)
    }

    private func compare(
        expected: Result<RegularFile, DecodeError>, actual: Result<RegularFile, DecodeError>,
        paths: (String, String), diffImage: Bool
    ) -> (Comparison, RGBAImage?) {
        if case .success(let a) = expected, case .success(let b) = actual {
            if !diffImage, let identical = Self.identical(a, b) { return (identical, nil) }
            if let streamed = streamed(a, b, diffImage: diffImage) { return streamed }
        }
        return compareWhole(expected: expected, actual: actual, paths: paths, diffImage: diffImage)
    }

    /// The whole-image path: both files read and decoded, one per core, then compared.
    func compareWhole(
        expected: Result<RegularFile, DecodeError>, actual: Result<RegularFile, DecodeError>,
        paths: (String, String), diffImage: Bool
    ) -> (Comparison, RGBAImage?) {
        let opened = [expected, actual]
        let files = Self.both { index in
            Result { () throws(DecodeError) in try ImageDecoder.readPhoto(try opened[index].get()) }
        }
        let expectedBytes: [UInt8], actualBytes: [UInt8]
        switch (files[0], files[1]) {
        case (.failure(let error), _): return (.unreadable(.expected, path: paths.0, error), nil)
        case (_, .failure(let error)): return (.unreadable(.actual, path: paths.1, error), nil)
        case (.success(let a), .success(let b)): (expectedBytes, actualBytes) = (a, b)
        }
        if expectedBytes == actualBytes, !diffImage, let size = Self.pngSize(expectedBytes),
            let image = try? ImageDecoder.decode(expectedBytes).image, image.width == size.width,
            image.height == size.height
        {
            return (Self.identicalFiles(size), nil)
        }
        let decoded = Self.decodeBoth(expectedBytes, actualBytes)
        switch (decoded[0], decoded[1]) {
        case (.failure(let error), _): return (.unreadable(.expected, path: paths.0, error), nil)
        case (_, .failure(let error)): return (.unreadable(.actual, path: paths.1, error), nil)
        case (.success(let a), .success(let b)): return compare(a, b, diffImage: diffImage)
        }
    }

    /// The result for byte-identical PNGs, or nil when the files differ, are not PNGs, are larger
    /// than any image in the budget or do not decode (the whole-image path then says what they are):
    /// identical bytes are a match only for a valid image. The header is checked before anything else
    /// is read, and one of the two is decoded unless `decoding` is false (one is known to be valid).
    static func identical(_ a: RegularFile, _ b: RegularFile, decoding: Bool = true) -> Comparison? {
        guard a.size == b.size, a.size >= 24, a.size <= PixelBudget.standard.maxFileBytes else { return nil }
        var header = [UInt8](repeating: 0, count: 24)
        let read = header.withUnsafeMutableBytes { buffer in
            buffer.baseAddress.flatMap { try? a.read(into: $0, count: 24, at: 0) }
        }
        guard read == 24, let size = pngSize(header), (try? RegularFile.sameBytes(a, b)) == true,
            !decoding || decodes(a, to: size)
        else { return nil }
        return identicalFiles(size)
    }

    /// Whether `file` decodes to an image of `size`.
    private static func decodes(_ file: RegularFile, to size: PixelSize) -> Bool {
        guard let bytes = try? ImageDecoder.readPhoto(file), let image = try? ImageDecoder.decode(bytes).image
        else { return false }
        return image.width == size.width && image.height == size.height
    }

    /// Two byte-identical files of `size`: matching, nothing differing.
    public static func identicalFiles(_ size: PixelSize) -> Comparison {
        .compared(
            .init(
                width: size.width, height: size.height, diffPixels: 0, antiAliasedPixels: 0, matches: true,
                identicalBytes: true))
    }

    /// Two plain PNGs of the same size, compared while they decode; nil when either is not for the
    /// fast reader or it gave up.
    func streamed(_ a: RegularFile, _ b: RegularFile, diffImage: Bool) -> (Comparison, RGBAImage?)? {
        guard let expected = PNGRowReader(file: a), let actual = PNGRowReader(file: b),
            expected.width == actual.width, expected.height == actual.height
        else { return nil }
        let measure: StreamingDiff.Measure =
            criteria.perceptualPrecision.map { .deltaE94(DeltaE94(perceptualPrecision: $0)) }
            ?? .pixelmatch(Pixelmatch(threshold: criteria.threshold, includeAA: criteria.includeAA))
        guard let (result, pixels) = StreamingDiff(measure: measure).compare(expected, actual, diffImage: diffImage)
        else { return nil }
        let image = pixels.map { RGBAImage(width: expected.width, height: expected.height, pixels: $0) }
        return (counts(result, width: expected.width, height: expected.height), image)
    }

    private func counts(_ result: Pixelmatch.Result, width: Int, height: Int) -> Comparison {
        .compared(
            .init(
                width: width, height: height, diffPixels: result.diffPixels,
                antiAliasedPixels: result.antiAliasedPixels,
                matches: criteria.accepts(diffPixels: result.diffPixels, totalPixels: width * height),
                identicalBytes: false))
    }

    /// Compares two decoded images; the diff image is nil when memory for it cannot be had.
    public func compare(_ a: RGBAImage, _ b: RGBAImage, diffImage: Bool = false) -> (Comparison, RGBAImage?) {
        guard a.width == b.width, a.height == b.height else {
            return (
                .sizeMismatch(
                    expected: PixelSize(width: a.width, height: a.height),
                    actual: PixelSize(width: b.width, height: b.height)), nil
            )
        }
        if let precision = criteria.perceptualPrecision {
            let (count, image) = DeltaE94(perceptualPrecision: precision).compare(a, b, diffImage: diffImage)
            return (
                .compared(
                    .init(
                        width: a.width, height: a.height, diffPixels: count, antiAliasedPixels: 0,
                        matches: criteria.accepts(diffPixels: count, totalPixels: a.width * a.height),
                        identicalBytes: false)), image
            )
        }
        let matcher = Pixelmatch(threshold: criteria.threshold, includeAA: criteria.includeAA)
        let result: Pixelmatch.Result
        var image: RGBAImage?
        if diffImage,
            let (counts, pixels) = matcher.compareWithDiffImage(
                a.pixels, b.pixels, width: a.width, height: a.height)
        {
            result = counts
            image = RGBAImage(width: a.width, height: a.height, pixels: pixels)
        } else {
            result = matcher.compare(a.pixels, b.pixels, width: a.width, height: a.height)
        }
        return (counts(result, width: a.width, height: a.height), image)
    }

    /// Decodes both images at once, one per core.
    private static func decodeBoth(_ a: [UInt8], _ b: [UInt8]) -> [Result<RGBAImage, DecodeError>] {
        both { index in Result { () throws(DecodeError) in try ImageDecoder.decode(index == 0 ? a : b).image } }
    }

    /// `work(0)` and `work(1)` at once, one per core.
    private static func both<Value: Sendable>(_ work: @Sendable (Int) -> Value) -> [Value] {
        Parallel.map([0, 1], jobs: 2, work)
    }

    /// Width and height from a PNG's IHDR, when `bytes` starts as a PNG does: the signature, then an
    /// IHDR chunk of 13 bytes.
    public static func pngSize(_ bytes: [UInt8]) -> PixelSize? {
        guard ImageFormat(sniffing: bytes) == .png, bytes.count >= 24, bytes[8..<12].elementsEqual([0, 0, 0, 13]),
            bytes[12..<16].elementsEqual("IHDR".utf8)
        else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return PixelSize(width: word(16), height: word(20))
    }
}
