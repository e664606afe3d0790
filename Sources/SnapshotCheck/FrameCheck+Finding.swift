import GalleryCore
import ImageCodecs
import VisualDiff

extension FrameCheck {
    /// What the check found for a frame, as data: a frame's `message` is made from it, its notes and
    /// what moved, and nothing else.
    public enum Finding: Sendable {
        /// Compared: the comparison's account, then the notes.
        case compared(Comparison, notes: [Note] = [])
        /// Two animations compared frame by frame: their account, then the notes.
        case animation(AnimationComparison, notes: [Note] = [])
        /// Two animations with the same bytes.
        case identicalFiles
        /// No baseline at `path` (the hint says how to record one).
        case noBaseline(path: String, hint: String)
        /// A baseline not read: its path, or a link on it, leads out of the baseline folder.
        case baselineRefused(ContainmentError)
        /// A file that could not be read: the baseline, the rendering, or either of two animations.
        case unreadableFile(path: String, FileError)
        /// An animation that could not be decoded, `side` naming which.
        case unreadableAnimation(DiffSide, path: String, DecodeError)
        /// Not rendered: its scene failed (`cause`, when known).
        case sceneFailed(scene: String, cause: String?)
        /// A scene that failed before its frames were planned: the cause is the whole account.
        case sceneNotPlanned(cause: String)
        /// To be recorded (`--record all` does not compare).
        case toRecord
        /// Recorded as the new baseline.
        case recorded
        /// Not recorded: the baseline's path leads out of its folder.
        case notRecorded(ContainmentError)
        /// Not recorded: the baseline or its layout could not be written (the old pair is kept).
        case notWritten(FileError)
        /// Another run's account, as its results.json has it (merge-reports).
        case given(String)

        /// What people read.
        public var text: String {
            switch self {
            case .compared(let comparison, let notes): comparison.summary + Note.text(notes)
            case .animation(let comparison, let notes): comparison.summary + Note.text(notes)
            case .identicalFiles: "identical files"
            case .noBaseline(let path, let hint): "no baseline at \(path); \(hint)"
            case .baselineRefused(let refusal): "no baseline read: \(refusal)"
            case .unreadableFile(let path, let error): "cannot read \(path): \(error.reason)"
            case .unreadableAnimation(_, let path, let error): "cannot read \(path): \(error)"
            case .sceneFailed(let scene, let cause):
                "the frame was not rendered: scene '\(scene)' failed" + (cause.map { ": \($0)" } ?? "")
            case .sceneNotPlanned(let cause): cause
            case .toRecord: ""
            case .recorded: "recorded as the new baseline"
            case .notRecorded(let refusal): "not recorded: \(refusal)"
            case .notWritten(let failure): "not recorded: \(failure)"
            case .given(let text): text
            }
        }
    }

    /// Something said after a comparison's account.
    public enum Note: Sendable {
        /// The two carry different colour descriptions, which explains a difference a reviewer would
        /// otherwise hunt for.
        case colorTags(ColorTagMismatch)
        /// The diff image could not be written (the report then shows none).
        case diffNotWritten(String)
        /// Some of an animation's stills could not be written: how many, and the first reason.
        case stillsNotWritten(count: Int, first: String)
        /// The animations could not be read again for their stills.
        case stillsUnreadable(DecodeError)

        var text: String {
            switch self {
            case .colorTags(let mismatch): mismatch.described(expected: "the baseline", actual: "the rendered frame")
            case .diffNotWritten(let failure): "the diff image was not written: \(failure)"
            case .stillsNotWritten(let count, let first): "\(count) still\(count == 1 ? "" : "s") not written: \(first)"
            case .stillsUnreadable(let error): "the stills were not written: \(error)"
            }
        }

        static func text(_ notes: [Note]) -> String { notes.map { "; " + $0.text }.joined() }
    }
}
