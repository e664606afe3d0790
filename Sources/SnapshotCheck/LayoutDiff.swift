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

    /// The changes from `expected` to `actual` layout text, items in index order, the frame's own
    /// fields first; nil when either is not a layout.
    public static func changes(expected: String, actual: String) -> [LayoutChange]? {
        guard let a = frames(expected), let b = frames(actual) else { return nil }
        var frameFields: [String: LayoutChange.Field] = [:]
        var items: [Int: (photo: String?, fields: [String: LayoutChange.Field])] = [:]
        let animated = a.count > 1 || b.count > 1
        for k in 0..<min(a.count, b.count) {
            let frameNumbers = animated ? [k] : []
            for key in ["offset", "viewport.width", "viewport.height", "contentSize.width", "contentSize.height"] {
                let (x, y) = (value(a[k], key), value(b[k], key))
                if x != y { record(&frameFields, key, x, y, frameNumbers) }
            }
            let (left, right) = (itemsByIndex(a[k]), itemsByIndex(b[k]))
            for index in Set(left.keys).union(right.keys) {
                var entry = items[index] ?? ((right[index] ?? left[index]).flatMap { $0["photo"] as? String }, [:])
                switch (left[index], right[index]) {
                case (let x?, let y?):
                    for key in ["center.x", "center.y", "size", "scale", "alpha", "photo"] {
                        let (p, q) = (value(x, key), value(y, key))
                        if p != q { record(&entry.fields, key, p, q, frameNumbers) }
                    }
                case (nil, _?): record(&entry.fields, "drawn", "no", "yes", frameNumbers)
                case (_?, nil): record(&entry.fields, "drawn", "yes", "no", frameNumbers)
                case (nil, nil): break
                }
                if !entry.fields.isEmpty { items[index] = entry }
            }
        }
        var changes: [LayoutChange] = []
        if !frameFields.isEmpty { changes.append(LayoutChange(index: nil, photo: nil, fields: ordered(frameFields))) }
        for index in items.keys.sorted() {
            guard let entry = items[index] else { continue }
            changes.append(LayoutChange(index: index, photo: entry.photo, fields: ordered(entry.fields)))
        }
        return changes
    }

    /// The changes as one clause for a message: "layout: item 3 (…): centre x 357.5 → 359.5; item 5 …".
    public static func summary(_ changes: [LayoutChange]) -> String {
        guard !changes.isEmpty else { return "layout: nothing moved" }
        let shown = changes.prefix(itemsShown).map(\.description).joined(separator: "; ")
        let more = changes.count > itemsShown ? "; and \(changes.count - itemsShown) more" : ""
        return "layout: " + shown + more
    }

    private static let fieldOrder = [
        "drawn", "photo", "offset", "viewport.width", "viewport.height", "contentSize.width", "contentSize.height",
        "center.x", "center.y", "size", "scale", "alpha",
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

    /// The objects of a layout text: one, or one a line; nil when it is not that.
    static func frames(_ text: String) -> [[String: Any]]? {
        guard text.utf8.count <= byteLimit else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let pieces = trimmed.hasPrefix("{\n") ? [trimmed] : trimmed.split(separator: "\n").map(String.init)
        var objects: [[String: Any]] = []
        for piece in pieces {
            // A layout file comes with the repository: one that does not parse is no layout, said by nil.
            guard
                case .success(let parsed) = Result(catching: {
                    try JSONSerialization.jsonObject(with: Data(piece.utf8))
                }),
                let object = parsed as? [String: Any], object["items"] is [Any]
            else { return nil }
            objects.append(object)
        }
        return objects.isEmpty ? nil : objects
    }

    private static func itemsByIndex(_ frame: [String: Any]) -> [Int: [String: Any]] {
        var items: [Int: [String: Any]] = [:]
        for case let item as [String: Any] in frame["items"] as? [Any] ?? [] {
            if let index = (item["index"] as? NSNumber)?.intValue { items[index] = item }
        }
        return items
    }

    /// The value at a dotted `key` as text ("357.5", "photos/4.jpg", "null", "—" when absent).
    private static func value(_ object: [String: Any], _ key: String) -> String {
        var current: Any? = object
        for part in key.split(separator: ".") { current = (current as? [String: Any])?[String(part)] }
        switch current {
        case let text as String: return text
        case let number as NSNumber: return number.stringValue
        case is NSNull: return "null"
        case nil: return "—"
        default: return "?"
        }
    }
}
