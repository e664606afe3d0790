import GalleryCore

/// Calls the problem callback once per problem, in an order that does not depend on timing or on
/// `--jobs`: a frame's problems (those of the photos it shows, sorted) once every earlier frame of its
/// scene has been announced, each problem only the first time. The lock is held during the calls, so
/// lines never interleave.
final class ProblemAnnouncer: Sendable {
    private struct State {
        /// The frame of the current scene whose problems go next.
        var next = 0
        /// Problems of frames that finished before an earlier one, by frame.
        var waiting: [Int: [PhotoProblem]] = [:]
        var announced: Set<PhotoProblem> = []
    }

    private let state = Locked(State())
    private let callback: @Sendable (PhotoProblem) -> Void

    init(_ callback: @escaping @Sendable (PhotoProblem) -> Void) { self.callback = callback }

    /// Frame `frame`'s problems: announced now if every earlier frame of the scene has been, else
    /// when the last of those is.
    func announce(_ problems: [PhotoProblem], frame: Int) {
        state.withLock { state in
            state.waiting[frame] = problems
            while let ready = state.waiting.removeValue(forKey: state.next) {
                say(ready, &state)
                state.next += 1
            }
        }
    }

    /// Problems not tied to a frame (every photo of a scene read first): announced now, sorted.
    func announce(_ problems: [PhotoProblem]) {
        state.withLock { state in say(problems, &state) }
    }

    /// Frames count from 0 again: a new scene. Any frame still waiting is announced first, in order.
    func startScene() {
        state.withLock { state in
            for frame in state.waiting.keys.sorted() { say(state.waiting[frame] ?? [], &state) }
            state.waiting = [:]
            state.next = 0
        }
    }

    private func say(_ problems: [PhotoProblem], _ state: inout State) {
        for problem in PhotoProblem.sorted(problems) where state.announced.insert(problem).inserted {
            callback(problem)
        }
    }
}
