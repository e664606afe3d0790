import Foundation
import GalleryCore
import ImageCodecs
import VisualDiff

/// Animations in a check: compared frame by frame, and the stills of every frame of one that differs
/// written for the report.
extension BaselineCheck {
    /// The folder (with its trailing slash) where the stills of every frame of an animation at `path`
    /// are written when it differs.
    func stillsFolder(of path: String) -> String {
        SystemPath.joined(actualFolder, ".diff/" + (path.hasSuffix(".png") ? String(path.dropLast(4)) : path))
            + ".frames/"
    }

    /// `0007-expected.png`.
    static func stillName(_ frame: Int, _ label: String) -> String {
        String(format: "%04d", frame) + "-\(label).png"
    }

    /// The colour space an animation's frames are tagged with: Display P3 for this tool's P3 profile,
    /// else sRGB (a report's stills carry no other profile).
    static func colorSpace(of bytes: [UInt8]) -> ColorSpace {
        ImageDecoder.embeddedColor(of: bytes) == .icc(ColorSpace.displayP3.iccProfile) ? .displayP3 : .srgb
    }

    /// An animation keeps the stills of all its frames up to this count; a longer one those of its
    /// first this many failing frames, so a report stays a size a reviewer downloads.
    public static let stillsLimit = 600

    /// The verdict on `frame` when its baseline or its rendering is an animation (compared frame by
    /// frame, the first failing frame's diff image and stills written for the report); nil for two
    /// still images.
    func compareAnimations(
        _ files: (expected: RegularFile, actual: RegularFile), frame: PlannedFrame, began: Date
    ) -> FrameCheck? {
        let (expected, actual) = (files.expected.path, files.actual.path)
        // A file that cannot be read here is no animation: the still comparison reads it and says why.
        guard
            case .success(let start) = Result(catching: { () throws(FileError) in
                (try Self.prefix(files.expected), try Self.prefix(files.actual))
            }),
            AnimationComparer.isAnimation(start.0) || AnimationComparer.isAnimation(start.1)
        else { return nil }
        func verdict(_ status: FrameCheck.Status, _ finding: FrameCheck.Finding, _ counts: Comparison? = nil)
            -> FrameCheck
        {
            FrameCheck(
                path: frame.path, scene: frame.scene, status: status, finding: finding, comparison: counts,
                seconds: Date().timeIntervalSince(began))
        }
        let bytes: ([UInt8], [UInt8])
        switch Self.contents(files) {
        case .success(let both): bytes = both
        case .failure(let failure): return verdict(.unreadable, .unreadableFile(path: failure.path, failure))
        }
        let regions = ignore[frame.path]
        if bytes.0 == bytes.1 {
            var check = Self.identical(frame, header: start.1, began: began)
            check.ignoredPixels = regions?.ignoredPixels ?? 0
            return check
        }
        let comparer = AnimationComparer(criteria: criteria(of: frame.scene), ignore: regions)
        let result: AnimationComparison
        do { result = try comparer.compare(expected: bytes.0, actual: bytes.1, diffImage: true) } catch {
            let side = DiffSide.allCases[error.index]
            return verdict(
                .unreadable, .unreadableAnimation(side, path: side == .expected ? expected : actual, error.error))
        }
        guard !result.matches else {
            // Its counts are those of the frame that came nearest to failing.
            var check = verdict(.passed, .animation(result), result.closest.map(Comparison.compared))
            check.ignoredPixels = result.ignoredPixels
            return check
        }
        return differing(result, bytes, files, frame: frame, comparer: comparer, began: began)
    }

    /// The verdict on two animations that differ, their first failing frame's diff image and every
    /// frame's stills written (images that cannot be written are said in the message; the report
    /// then shows none).
    private func differing(
        _ result: AnimationComparison, _ bytes: ([UInt8], [UInt8]),
        _ files: (expected: RegularFile, actual: RegularFile),
        frame: PlannedFrame, comparer: AnimationComparer, began: Date
    ) -> FrameCheck {
        var notes = colorNotes(files)
        if let diff = result.first?.diff,
            let failure = Self.write(diff, to: images(of: frame.path).diff, compression: .matches)
        {
            notes.append(.diffNotWritten(failure))
        }
        let differs = !result.failingFrames.isEmpty
        if differs, let note = writeStills(bytes, frames: result.frames.count, frame: frame, comparer: comparer) {
            notes.append(note)
        }
        var check = FrameCheck(
            path: frame.path, scene: frame.scene, status: .different, finding: .animation(result, notes: notes),
            comparison: result.first?.comparison ?? result.firstOneSided.map(Comparison.compared),
            seconds: Date().timeIntervalSince(began),
            failingFrames: result.failingFrames, animationFrames: differs ? result.frames : [])
        check.ignoredPixels = result.ignoredPixels
        return check
    }

    /// Two byte-identical animations: passed, counted as a still's identical files are (its APNG's
    /// size from `header`, nothing differing).
    private static func identical(_ frame: PlannedFrame, header: [UInt8], began: Date) -> FrameCheck {
        FrameCheck(
            path: frame.path, scene: frame.scene, status: .passed, finding: .identicalFiles,
            comparison: ImageComparer.pngSize(header).map(ImageComparer.identicalFiles),
            seconds: Date().timeIntervalSince(began))
    }

    /// Both files' bytes, or the first that cannot be read.
    private static func contents(_ files: (expected: RegularFile, actual: RegularFile)) -> Result<
        ([UInt8], [UInt8]), FileError
    > {
        let limit = PixelBudget.standard.maxFileBytes
        return Result { () throws(FileError) in
            (try files.expected.contents(limit: limit), try files.actual.contents(limit: limit))
        }
    }

    /// Every frame's stills of an animation that differs, compared a second time: only failing
    /// animations pay for it (writing them in the first comparison made a passing animation whose
    /// bytes differ 2× slower: 604 fsyncs for a 301-frame one). A note of what could not be written,
    /// or nil.
    private func writeStills(
        _ bytes: ([UInt8], [UInt8]), frames: Int, frame: PlannedFrame, comparer: AnimationComparer
    ) -> FrameCheck.Note? {
        let stills = StillsWriter(
            folder: stillsFolder(of: frame.path), frames: frames,
            spaces: (Self.colorSpace(of: bytes.0), Self.colorSpace(of: bytes.1)))
        do { _ = try comparer.compare(expected: bytes.0, actual: bytes.1, each: stills.take) } catch {
            // Both were read once already, so this is not expected; it is said all the same.
            return .stillsUnreadable(error.error)
        }
        return stills.unwritten.map { .stillsNotWritten(count: $0.count, first: $0.first) }
    }
}

/// The stills of every frame of an animation as the comparison steps through it: its baseline frame,
/// its rendering unless identical, its diff image unless identical, each as `stillsFolder` names
/// them, up to `BaselineCheck.stillsLimit` frames as it says. Those that cannot be written show in
/// the report as "none"; `unwritten` counts them. Unchecked Sendable, and safe: the comparison calls
/// `take` on one thread, and `unwritten` is read after it returns.
final class StillsWriter: @unchecked Sendable {
    private let folder: String
    private let frames: Int
    private let spaces: (ColorSpace, ColorSpace)
    private var kept = 0
    private(set) var unwritten: (count: Int, first: String)?

    init(folder: String, frames: Int, spaces: (ColorSpace, ColorSpace)) {
        (self.folder, self.frames, self.spaces) = (folder, frames, spaces)
    }

    /// Writes frame `frame`'s stills, when the limit keeps them.
    func take(
        _ frame: Int, _ result: AnimationFrameResult, _ expected: RGBAImage?, _ actual: RGBAImage?, _ diff: RGBAImage?
    ) {
        let limit = BaselineCheck.stillsLimit
        guard frames <= limit || (result.failed && kept < limit) else { return }
        kept += 1
        // A frame identical to its baseline is kept once, as its expected still.
        let stills: [(String, RGBAImage?, PNGEncoder.Compression, ColorSpace)] = [
            ("expected", expected, .runs, spaces.0),
            ("actual", result.failed || diff != nil ? actual : nil, .runs, spaces.1),
            ("diff", diff, .matches, .srgb),
        ]
        for case (let label, let image?, let compression, let space) in stills {
            let still = folder + BaselineCheck.stillName(frame, label)
            guard let failure = BaselineCheck.write(image, to: still, compression: compression, colorSpace: space)
            else { continue }
            unwritten = ((unwritten?.count ?? 0) + 1, unwritten?.first ?? failure)
        }
    }
}
