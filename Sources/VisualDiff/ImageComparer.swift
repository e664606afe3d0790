import Dispatch
import ImageCodecs

/// Compares image files: cheap exits first (identical bytes, different sizes), then pixelmatch over
/// both images decoded in parallel.
public struct ImageComparer: Sendable {
    public var criteria: DiffCriteria

    public init(criteria: DiffCriteria = DiffCriteria()) { self.criteria = criteria }

    /// Compares the files at `expected` and `actual`; with `diffImage`, also returns pixelmatch's
    /// diff image (faded grey context, red differences, yellow anti-aliasing).
    public func compare(expected: String, actual: String, diffImage: Bool = false) -> (Comparison, RGBAImage?) {
        let files = Self.both { index in
            Result { () throws(DecodeError) in try ImageDecoder.readBytes(atPath: index == 0 ? expected : actual) }
        }
        guard case .success(let expectedBytes) = files[0] else {
            return (.unreadable(path: expected, reason: reason(files[0])), nil)
        }
        guard case .success(let actualBytes) = files[1] else {
            return (.unreadable(path: actual, reason: reason(files[1])), nil)
        }
        if expectedBytes == actualBytes, !diffImage, let size = Self.pngSize(expectedBytes) {
            return (
                .compared(
                    .init(
                        width: size.width, height: size.height, diffPixels: 0, antiAliasedPixels: 0, matches: true,
                        identicalBytes: true)), nil
            )
        }
        let decoded = Self.decodeBoth(expectedBytes, actualBytes)
        guard case .success(let a) = decoded[0] else {
            return (.unreadable(path: expected, reason: reason(decoded[0])), nil)
        }
        guard case .success(let b) = decoded[1] else {
            return (.unreadable(path: actual, reason: reason(decoded[1])), nil)
        }
        return compare(a, b, diffImage: diffImage)
    }

    /// Compares two decoded images.
    public func compare(_ a: RGBAImage, _ b: RGBAImage, diffImage: Bool = false) -> (Comparison, RGBAImage?) {
        guard a.width == b.width, a.height == b.height else {
            return (
                .sizeMismatch(
                    expected: PixelSize(width: a.width, height: a.height),
                    actual: PixelSize(width: b.width, height: b.height)), nil
            )
        }
        let matcher = Pixelmatch(threshold: criteria.threshold, includeAA: criteria.includeAA)
        let result: Pixelmatch.Result
        var image: RGBAImage?
        if diffImage {
            let (counts, pixels) = matcher.compareWithDiffImage(a.pixels, b.pixels, width: a.width, height: a.height)
            result = counts
            image = RGBAImage(width: a.width, height: a.height, pixels: pixels)
        } else {
            result = matcher.compare(a.pixels, b.pixels, width: a.width, height: a.height)
        }
        let total = a.width * a.height
        let counts = Comparison.Counts(
            width: a.width, height: a.height, diffPixels: result.diffPixels,
            antiAliasedPixels: result.antiAliasedPixels,
            matches: criteria.accepts(diffPixels: result.diffPixels, totalPixels: total), identicalBytes: false)
        return (.compared(counts), image)
    }

    private func reason(_ result: Result<[UInt8], DecodeError>) -> String {
        if case .failure(let error) = result { return error.description }
        return ""
    }

    private func reason(_ result: Result<RGBAImage, DecodeError>) -> String {
        if case .failure(let error) = result { return error.description }
        return ""
    }

    /// Decodes both images at once, one per core.
    private static func decodeBoth(_ a: [UInt8], _ b: [UInt8]) -> [Result<RGBAImage, DecodeError>] {
        both { index in Result { () throws(DecodeError) in try ImageDecoder.decode(index == 0 ? a : b).image } }
    }

    /// `work(0)` and `work(1)` at once, one per core.
    private static func both<Value: Sendable>(_ work: @Sendable (Int) -> Value) -> [Value] {
        let slots = Slots<Value>()
        DispatchQueue.concurrentPerform(iterations: 2) { index in slots.set(index, work(index)) }
        return [slots.get(0), slots.get(1)].compactMap { $0 }
    }

    /// Width and height from a PNG's IHDR, when `bytes` is a PNG.
    static func pngSize(_ bytes: [UInt8]) -> PixelSize? {
        guard ImageFormat(sniffing: bytes) == .png, bytes.count >= 24 else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return PixelSize(width: word(16), height: word(20))
    }
}

/// Two result slots written by two workers.
private final class Slots<Value>: @unchecked Sendable {
    private var values: [Value?] = [nil, nil]
    private let lock = DispatchQueue(label: "gallery-render.comparison")

    func set(_ index: Int, _ value: Value) { lock.sync { values[index] = value } }
    func get(_ index: Int) -> Value? { lock.sync { values[index] } }
}
