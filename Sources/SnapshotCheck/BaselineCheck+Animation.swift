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
        func verdict(_ status: FrameCheck.Status, _ message: String) -> FrameCheck {
            FrameCheck(
                path: frame.path, scene: frame.scene, status: status, message: message,
                seconds: Date().timeIntervalSince(began))
        }
        let bytes: ([UInt8], [UInt8])
        do {
            let limit = PixelBudget.standard.maxFileBytes
            bytes = (try files.expected.contents(limit: limit), try files.actual.contents(limit: limit))
        } catch {
            return verdict(.unreadable, "cannot read the animation: \(error.reason)")
        }
        if bytes.0 == bytes.1 { return verdict(.passed, "identical files") }
        let result: AnimationComparison
        do {
            result = try AnimationComparer(criteria: criteria(of: frame.scene)).compare(
                expected: bytes.0, actual: bytes.1, diffImage: true)
        } catch {
            let path = error.index == 0 ? expected : actual
            return verdict(.unreadable, "cannot read \(path): \(error.error)")
        }
        guard !result.matches else { return verdict(.passed, result.summary) }
        // Images that cannot be written are said in the message; the report then shows none.
        var unwritten: [String] = []
        if let diff = result.first?.diff,
            let failure = Self.write(diff, to: images(of: frame.path).diff, compression: .matches)
        {
            unwritten.append("the diff image was not written: \(failure)")
        }
        let differs = !result.failingFrames.isEmpty
        if differs,
            let failure = writeStills(
                expected: bytes.0, actual: bytes.1, frames: result.frames.count, scene: frame.scene, path: frame.path)
        {
            unwritten.append(failure)
        }
        return FrameCheck(
            path: frame.path, scene: frame.scene, status: .different,
            message: result.summary + colorNote(files)
                + unwritten.map { "; " + $0 }.joined(),
            comparison: result.first?.comparison,
            seconds: Date().timeIntervalSince(began), failingFrames: result.failingFrames,
            animationFrames: differs ? result.frames : [])
    }

    /// Every frame's stills of a differing animation, compared again (only failing animations pay for
    /// it): its baseline frame, its rendering unless identical, its diff image unless identical, each
    /// as `stillsFolder` names them, up to `stillsLimit` frames as it says. Returns what could not be
    /// written, and why (those stills show in the report as "none"), or nil.
    private func writeStills(expected: [UInt8], actual: [UInt8], frames: Int, scene: String, path: String)
        -> String?
    {
        let folder = stillsFolder(of: path)
        let spaces = (Self.colorSpace(of: expected), Self.colorSpace(of: actual))
        var kept = 0
        var unwritten: (count: Int, first: String)?
        do {
            _ = try AnimationComparer(criteria: criteria(of: scene)).compare(expected: expected, actual: actual) {
                frame, result, expectedFrame, actualFrame, diff in
                guard frames <= Self.stillsLimit || (result.failed && kept < Self.stillsLimit) else { return }
                kept += 1
                // A frame identical to its baseline is kept once, as its expected still.
                let stills: [(String, RGBAImage?, PNGEncoder.Compression, ColorSpace)] = [
                    ("expected", expectedFrame, .runs, spaces.0),
                    ("actual", result.failed || diff != nil ? actualFrame : nil, .runs, spaces.1),
                    ("diff", diff, .matches, .srgb),
                ]
                for case (let label, let image?, let compression, let space) in stills {
                    let still = folder + Self.stillName(frame, label)
                    guard let failure = Self.write(image, to: still, compression: compression, colorSpace: space)
                    else { continue }
                    unwritten = ((unwritten?.count ?? 0) + 1, unwritten?.first ?? failure)
                }
            }
        } catch {
            // Both were read once already, so this is not expected; it is said all the same.
            return "the stills were not written: \(error.error)"
        }
        return unwritten.map { "\($0.count) still\($0.count == 1 ? "" : "s") not written: \($0.first)" }
    }

}
