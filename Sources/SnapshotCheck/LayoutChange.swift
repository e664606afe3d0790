/// How one item's layout differs between a baseline and a rendering: its index and photo, and for
/// each field that changed the first values that differ (expected → actual) and, in an animation,
/// the frames where it differs. A field is `center.x`, `center.y`, `size`, `scale`, `offset` and
/// `angle` (a carousel item's o and the turn of its transform), `alpha`,
/// `photo` or `drawn` (present in one layout only).
public struct LayoutChange: Sendable, Hashable, Codable {
    public struct Field: Sendable, Hashable, Codable {
        public var name: String
        public var expected: String
        public var actual: String
        /// 0-based frames of an animation where it differs (empty for a still).
        public var frames: [Int]
    }

    /// The item's index, or nil for the frame itself (offset, viewport, content size).
    public var index: Int?
    public var photo: String?
    public var fields: [Field]

    /// "item 3 (photos/4.jpg): centre x 357.5 → 359.5, size 100 → 104 (frames 4–12)".
    public var description: String {
        if index == nil, let frames = fields.first(where: { $0.name == "frames" }),
            let kind = fields.first(where: { $0.name == "kind" })
        {
            let plural = { (count: String) in count + " frame" + (count == "1" ? "" : "s") }
            return "timing changed: "
                + (kind.expected == "still"
                    ? "a still → \(plural(frames.actual))" : "\(plural(frames.expected)) → a still")
        }
        if index == nil, let frames = fields.first(where: { $0.name == "frames" }) {
            let fps = fields.first { $0.name == "fps" }.map { " (fps \($0.expected) → \($0.actual))" }
            let duration = fields.first { $0.name == "duration" }.map { " (duration \($0.expected) → \($0.actual) s)" }
            // As many frames at other times (a motion's last frame is its end): the count once.
            let count = frames.expected == frames.actual ? frames.actual : "\(frames.expected) → \(frames.actual)"
            return "timing changed: \(count) frame\(frames.actual == "1" ? "" : "s")" + (fps ?? duration ?? "")
        }
        let subject =
            index.map { index in "item \(index)" + (photo.map { " (\($0))" } ?? "") } ?? "frame"
        // Fields that differ in different frames each say their own (found by review: one range for
        // all had put a change of the last frame alone on frames 1–6).
        let apart = Set(fields.map(\.frames)).count > 1
        let parts = fields.map { field in
            "\(Self.label(field.name)) \(field.expected) → \(field.actual)"
                + (apart && !field.frames.isEmpty ? " (\(Self.ranges(field.frames)))" : "")
        }
        let frames = apart ? [] : Set(fields.flatMap(\.frames)).sorted()
        return subject + ": " + parts.joined(separator: ", ") + (frames.isEmpty ? "" : " (\(Self.ranges(frames)))")
    }

    /// A field as people read it: `centre x`, `size`, `drawn`.
    static func label(_ name: String) -> String {
        switch name {
        case "center.x": "centre x"
        case "center.y": "centre y"
        case "contentSize.width": "content width"
        case "contentSize.height": "content height"
        default: name
        }
    }

    /// "frame 4", "frames 4–12", "frames 1, 4–6".
    static func ranges(_ frames: [Int]) -> String {
        var runs: [(Int, Int)] = []
        for frame in frames {
            if let last = runs.last, last.1 + 1 == frame {
                runs[runs.count - 1].1 = frame
            } else {
                runs.append((frame, frame))
            }
        }
        let text = runs.map { $0.0 == $0.1 ? "\($0.0)" : "\($0.0)–\($0.1)" }.joined(separator: ", ")
        return (frames.count == 1 ? "frame " : "frames ") + text
    }
}
