import Foundation

/// What moved between a baseline's layout and a rendering's: both as `layout` prints them (one JSON
/// object for a still, JSON Lines for an animation), compared frame by frame and item by item. The
/// baseline's file comes from the repository: it is read with a size limit, and anything that is not
/// such a layout gives no changes rather than an error (pixels decide pass or fail).
public enum LayoutDiff {
    /// The largest layout file read, in bytes.
    public static let byteLimit = 16 << 20
    /// Items named in a message; the rest are counted.
    public static let itemsShown = 5

    /// The most items a layout file may hold, over all its frames (a 600-frame fling of 80 visible
    /// items): a larger one is no layout, so a hostile file cannot cost gigabytes or minutes.
    public static let itemLimit = 50_000
    /// The most items one frame may draw (a grid of 10,000 thumbnails).
    public static let frameItemLimit = 10_000
    /// The most structural characters (`{`, `[`, `,`, `:`) one frame's JSON may hold before it is
    /// parsed: about 20 an item, so what the parser builds stays a few tens of MiB whatever the text.
    static let frameTokenLimit = 40 * frameItemLimit
    /// The most frames a layout may hold (as many as a motion renders).
    static let frameLimit = 100_000
    /// The longest text kept from a layout (a photo's name), in characters; longer is cut with "…".
    public static let textLimit = 200
    /// The changes a frame keeps (results.json, the report); the rest are counted.
    public static let changesKept = 200

    /// One frame of a layout, reduced to the values compared, as text.
    struct Frame {
        var fields: [String: String]
        var items: [Int: [String: String]]
        /// A motion's frame time in seconds; nil for a still.
        var time: Double?
    }

    private static let frameKeys = [
        "layout", "offset", "scrollOffset", "viewport.width", "viewport.height", "contentSize.width",
        "contentSize.height",
    ]
    /// An item's compared values; a carousel item's `offset` (o) and `angle`, the turn of its transform
    /// in degrees, say what moved where its centre does not.
    private static let itemKeys = [
        "center.x", "center.y", "size", "scale", "bounds.width", "bounds.height", "offset", "progress", "angle",
        "zoom", "position", "alpha", "photo",
    ]
    /// The values worked out from an item's `transform`, not read from a key.
    private static let transformKeys: Set = ["angle", "zoom", "position"]

    /// The changes from `expected` to `actual` layout text, items in index order, the frame's own
    /// fields first; nil when either is not a layout.
    public static func changes(expected: String, actual: String) -> [LayoutChange]? {
        guard let a = frames(expected), let b = frames(actual) else { return nil }
        var frameFields: [String: LayoutChange.Field] = [:]
        var items: [Int: (photo: String?, fields: [String: LayoutChange.Field])] = [:]
        let animated = a.count > 1 || b.count > 1
        let timing = Self.timing(a, b)
        let timed = a.allSatisfy { $0.time != nil } && b.allSatisfy { $0.time != nil }
        let pairs = timing != nil && timed ? Self.atEqualTimes(a, b) : (0..<min(a.count, b.count)).map { ($0, $0) }
        for (j, k) in pairs {
            let frameNumbers = animated ? [k] : []
            for key in frameKeys {
                let (x, y) = (a[j].fields[key] ?? "—", b[k].fields[key] ?? "—")
                if x != y { record(&frameFields, key, x, y, frameNumbers) }
            }
            let (left, right) = (a[j].items, b[k].items)
            for index in Set(left.keys).union(right.keys) {
                var entry = items[index] ?? ((right[index] ?? left[index])?["photo"].flatMap(photoName), [:])
                switch (left[index], right[index]) {
                case (let x?, let y?):
                    for key in itemKeys {
                        let (p, q) = (x[key] ?? "—", y[key] ?? "—")
                        if p != q { record(&entry.fields, key, p, q, frameNumbers) }
                    }
                case (nil, _?): record(&entry.fields, "drawn", "no", "yes", frameNumbers)
                case (_?, nil): record(&entry.fields, "drawn", "yes", "no", frameNumbers)
                case (nil, nil): break
                }
                if !entry.fields.isEmpty { items[index] = entry }
            }
        }
        var changes: [LayoutChange] = timing.map { [$0] } ?? []
        if !frameFields.isEmpty { changes.append(LayoutChange(index: nil, photo: nil, fields: ordered(frameFields))) }
        for index in items.keys.sorted() {
            guard let entry = items[index] else { continue }
            changes.append(LayoutChange(index: index, photo: entry.photo, fields: ordered(entry.fields)))
        }
        return changes
    }

    /// How an animation's timing changed: its frame count and frame rate ("timing changed: 10 → 7
    /// frames (fps 30 → 20)"), or that one is a still (a frame without a time: "timing changed: 21
    /// frames → a still"); nil when both have the same frames at the same times, or both are stills.
    private static func timing(_ a: [Frame], _ b: [Frame]) -> LayoutChange? {
        let (x, y) = (a.compactMap(\.time), b.compactMap(\.time))
        if (x.isEmpty && y.count == b.count && a.count == 1) != (y.isEmpty && x.count == a.count && b.count == 1) {
            let count = LayoutChange.Field(name: "frames", expected: "\(a.count)", actual: "\(b.count)", frames: [])
            let kinds = x.isEmpty ? ("still", "motion") : ("motion", "still")
            let kind = LayoutChange.Field(name: "kind", expected: kinds.0, actual: kinds.1, frames: [])
            return LayoutChange(index: nil, photo: nil, fields: [count, kind])
        }
        guard x.count == a.count, y.count == b.count, !x.isEmpty, !y.isEmpty else { return nil }
        guard x.count != y.count || zip(x, y).contains(where: { abs($0 - $1) > timeTolerance }) else { return nil }
        var fields = [LayoutChange.Field(name: "frames", expected: "\(x.count)", actual: "\(y.count)", frames: [])]
        // The rate from the first step; not where the second frame is the last, which is the end
        // (a paged motion that settles in a millisecond is two frames, 1 ms apart).
        func fps(_ times: [Double]) -> String {
            times.count > 2 && times[1] > times[0] ? rounded(1 / (times[1] - times[0])) : "—"
        }
        let rates = (fps(x), fps(y))
        if rates.0 == rates.1 || rates.0 == "—" || rates.1 == "—", let first = x.last, let last = y.last {
            // The same rate, or one frame (no rate): the motion's length changed.
            fields.append(
                // To the millisecond: the paging spring's step.
                LayoutChange.Field(
                    name: "duration", expected: rounded(first, places: 3), actual: rounded(last, places: 3), frames: [])
            )
        } else {
            fields.append(LayoutChange.Field(name: "fps", expected: rates.0, actual: rates.1, frames: []))
        }
        return LayoutChange(index: nil, photo: nil, fields: fields)
    }

    /// Times closer than this are the same time: a layout prints them to 6 decimals.
    private static let timeTolerance = 1e-6

    /// The pairs (expected frame, actual frame) at the same time: an animation whose timing changed is
    /// compared where both have a frame.
    private static func atEqualTimes(_ a: [Frame], _ b: [Frame]) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        var j = 0
        for (k, frame) in b.enumerated() {
            guard let time = frame.time else { continue }
            while j < a.count, let t = a[j].time, t < time - timeTolerance { j += 1 }
            if j < a.count, let t = a[j].time, abs(t - time) <= timeTolerance { pairs.append((j, k)) }
        }
        return pairs
    }

    /// The changes as one clause for a message: "layout: item 3 (…): centre x 357.5 → 359.5; item 5 …".
    public static func summary(_ changes: [LayoutChange], omitted: Int = 0) -> String {
        guard !changes.isEmpty else { return "layout: nothing moved" }
        let shown = changes.prefix(itemsShown).map(\.description).joined(separator: "; ")
        let total = changes.count + omitted
        let more = total > itemsShown ? "; and \(total - itemsShown) more" : ""
        return "layout: " + shown + more
    }

    private static let fieldOrder = [
        "layout", "drawn", "photo", "offset", "scrollOffset", "viewport.width", "viewport.height", "contentSize.width",
        "contentSize.height", "center.x", "center.y", "size", "scale", "bounds.width", "bounds.height", "progress",
        "angle", "zoom", "position", "alpha",
    ]

    private static func ordered(_ fields: [String: LayoutChange.Field]) -> [LayoutChange.Field] {
        fields.values.sorted { (fieldOrder.firstIndex(of: $0.name) ?? 99) < (fieldOrder.firstIndex(of: $1.name) ?? 99) }
    }

    /// Keeps the first differing values of `key`, and every frame where it differs.
    private static func record(
        _ fields: inout [String: LayoutChange.Field], _ key: String, _ expected: String, _ actual: String,
        _ frames: [Int]
    ) {
        if var field = fields[key] {
            field.frames += frames
            fields[key] = field
        } else {
            fields[key] = LayoutChange.Field(name: key, expected: expected, actual: actual, frames: frames)
        }
    }

    /// Whether `text` reads as a layout (one object with items, or JSON Lines of them).
    public static func isLayout(_ text: String) -> Bool { frames(text) != nil }

    /// The structural characters of `text`, those inside strings too: a cheap upper bound on the
    /// values and keys a parser would build from it.
    private static func tokens(_ text: String) -> Int {
        text.utf8.reduce(0) { count, byte in
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: ":"): count + 1
            default: count
            }
        }
    }

    /// The photo an item names, from its compared text ("null" and "—" name none).
    private static func photoName(_ text: String) -> String? { text == "null" || text == "—" ? nil : text }

    /// The frames of a layout text: one object, or one a line, each with items; nil when it is not
    /// that, or is past a limit: `frameLimit` frames, `frameItemLimit` items a frame, `itemLimit` in
    /// all, `frameTokenLimit` structural characters a frame (counted before it is parsed).
    static func frames(_ text: String) -> [Frame]? {
        guard text.utf8.count <= byteLimit else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let pieces = trimmed.hasPrefix("{\n") ? [trimmed] : trimmed.split(separator: "\n").map(String.init)
        guard pieces.count <= frameLimit else { return nil }
        var frames: [Frame] = []
        var itemCount = 0
        for piece in pieces {
            guard Self.tokens(piece) <= frameTokenLimit else { return nil }
            // A layout file comes with the repository: one that does not parse is no layout, said by nil.
            guard
                case .success(let parsed) = Result(catching: {
                    try JSONSerialization.jsonObject(with: Data(piece.utf8))
                }),
                let object = parsed as? [String: Any], let items = object["items"] as? [Any]
            else { return nil }
            itemCount += items.count
            guard items.count <= frameItemLimit, itemCount <= itemLimit, let byIndex = itemsByIndex(items) else {
                return nil
            }
            frames.append(
                Frame(
                    fields: Dictionary(uniqueKeysWithValues: frameKeys.map { ($0, value(object, $0, item: false)) }),
                    items: byIndex,
                    time: (object["time"] as? NSNumber).map(\.doubleValue).flatMap { $0.isFinite ? $0 : nil }))
        }
        return frames.isEmpty ? nil : frames
    }

    /// The items by index, each reduced to its compared values; nil when an item is not an object or
    /// its index is not a non-negative integer below `itemLimit` (`1.5`, `true`, `2⁶⁴` are no index).
    private static func itemsByIndex(_ list: [Any]) -> [Int: [String: String]]? {
        var items: [Int: [String: String]] = [:]
        for element in list {
            guard let item = element as? [String: Any], let index = index(item["index"]) else { return nil }
            items[index] = Dictionary(
                uniqueKeysWithValues: itemKeys.map { key in
                    (
                        key,
                        transformKeys.contains(key)
                            ? transformValue(key, item["transform"])
                            // An alpha of 1 is left out of a still's layout (a motion's frames give it).
                            : key == "alpha" && item[key] == nil ? "1" : value(item, key, item: true)
                    )
                })
        }
        return items
    }

    /// A JSON integer in 0..<itemLimit, as `layout` writes an index; nil for anything else. A plain
    /// NSNumber only: JSON's booleans and out-of-range numbers come as its subclasses.
    private static func index(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber, type(of: number) == NSNumber.self,
            ["i", "l", "q", "s"].contains(String(cString: number.objCType))
        else { return nil }
        let index = number.int64Value
        return index >= 0 && index < Int64(itemLimit) ? Int(index) : nil
    }

    /// What a transform (16 numbers, row vectors) says of `key`, as text to 0.01: `angle`, its turn
    /// (acos((r11 + r22 + r33 − 1)/2) in degrees, r its upper 3 × 3 with each row scaled to length 1
    /// so that a scale is no turn, signed and named by the axis it turns about most); `zoom`, its
    /// scale in the item's plane (√(|row 1|·|row 2|)/m44, to 1e-6); `position`, its translation
    /// (m41, m42, m43). "—" without a transform.
    private static func transformValue(_ key: String, _ value: Any?) -> String {
        guard let numbers = value as? [NSNumber], numbers.count == 16 else { return "—" }
        let m = numbers.map(\.doubleValue)
        guard m.allSatisfy(\.isFinite) else { return "?" }
        switch key {
        case "position": return "(" + [m[12], m[13], m[14]].map { rounded($0) }.joined(separator: ", ") + ")"
        case "zoom":
            func length(_ row: Int) -> Double {
                let (a, b, c) = (m[row * 4], m[row * 4 + 1], m[row * 4 + 2])
                return (a * a + b * b + c * c).squareRoot()
            }
            let area: Double = length(0) * length(1)
            return m[15] == 0 ? "?" : rounded(area.squareRoot() / m[15], places: 6)
        default:
            let r = (0..<3).flatMap { row -> [Double] in
                let values: [Double] = [m[row * 4], m[row * 4 + 1], m[row * 4 + 2]]
                let squares: Double = values[0] * values[0] + values[1] * values[1] + values[2] * values[2]
                let length = squares.squareRoot()
                return length > 0 ? values.map { $0 / length } : values
            }
            let degrees = acos(min(max((r[0] + r[4] + r[8] - 1) / 2, -1), 1)) * 180 / Double.pi
            let axis = [("x", r[5] - r[7]), ("y", r[6] - r[2]), ("z", r[1] - r[3])]
            guard let main = axis.max(by: { abs($0.1) < abs($1.1) }), abs(main.1) > 1e-12 else {
                return rounded(degrees) + "°"
            }
            return rounded(main.1 < 0 ? -degrees : degrees) + "° about " + main.0
        }
    }

    /// `value` to `places` decimals, without trailing zeros ("85.33", "100", "-0.002").
    static func rounded(_ value: Double, places: Int = 2) -> String {
        var text = String(format: "%.\(places)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// The value at a dotted `key` of a frame or an `item` as text ("357.5", "photos/4.jpg", "null",
    /// "—" when absent).
    private static func value(_ object: [String: Any], _ key: String, item: Bool) -> String {
        var current: Any? = object
        for part in key.split(separator: ".") { current = (current as? [String: Any])?[String(part)] }
        switch current {
        case let text as String: return text.count > textLimit ? text.prefix(textLimit) + "…" : text
        // Points to 0.01 pt (as a message reads them; closer values compare equal); numbers without
        // a unit (scale, alpha, an item's offset and the scroll offset, in items) to 1e-6, as the
        // layout prints its numbers.
        case let number as NSNumber:
            let unitless = ["scale", "alpha", "scrollOffset", "progress"].contains(key) || (item && key == "offset")
            return rounded(number.doubleValue, places: unitless ? 6 : 2)
        case is NSNull: return "null"
        case nil: return "—"
        default: return "?"
        }
    }
}
