import SnapshotCheck

/// A scene's `expect` key, read: every entry checked before anything renders.
extension Expectation {
    /// The expectations of a manifest's `expect` value, or why it is not a list of them.
    static func list(_ value: ManifestValue) throws(UsageError) -> [Expectation] {
        guard case .array(let entries) = value, entries.count <= limit else {
            throw UsageError(
                "expected a list of at most \(limit) {\"item\": I, \"centerX\": {…}} or {\"othersStill\": true}")
        }
        var list: [Expectation] = []
        for (position, entry) in entries.enumerated() {
            guard case .object(let fields) = entry else { throw UsageError("entry \(position): expected an object") }
            if fields.keys.sorted() == ["othersStill"], fields["othersStill"] == .bool(true) {
                list.append(.othersStill)
                continue
            }
            do { list.append(try item(fields)) } catch { throw UsageError("entry \(position): \(error.message)") }
        }
        return list
    }

    /// `{"item": I, PROPERTY: {rule}}`.
    private static func item(_ fields: [String: ManifestValue]) throws(UsageError) -> Expectation {
        guard case .number(let index)? = fields["item"], index >= 0, index <= 1_000_000, index == index.rounded()
        else {
            let hint =
                fields.count == 1 ? fields.keys.first.map { Suggestion.hint(for: $0, among: ["othersStill"]) } : nil
            throw UsageError(
                "\"item\" must be an item index, 0…1000000 (or the entry {\"othersStill\": true})\(hint ?? "")")
        }
        let named = fields.keys.filter { $0 != "item" }
        let names = Property.allCases.map(\.rawValue)
        guard named.count == 1, let key = named.first, let property = Property(rawValue: key) else {
            let hint = named.count == 1 ? named.first.map { Suggestion.hint(for: $0, among: names) } ?? "" : ""
            throw UsageError("give one of \(names.joined(separator: ", ")) beside \"item\"\(hint)")
        }
        guard case .object(let rule)? = fields[key] else {
            throw UsageError("\"\(key)\" must be an object of min, max, monotonic and at")
        }
        return .item(Int(index), property, try Self.rule(rule, key))
    }

    private static func rule(_ fields: [String: ManifestValue], _ key: String) throws(UsageError) -> Rule {
        var rule = Rule()
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            switch (name, value) {
            case ("min", .number(let n)) where n.isFinite: rule.min = n
            case ("max", .number(let n)) where n.isFinite: rule.max = n
            case ("monotonic", .string(let text)) where Direction(rawValue: text) != nil:
                rule.monotonic = Direction(rawValue: text)
            case ("at", .object(let point)): rule.at.append(try Self.point(point, key))
            case ("at", .array(let points)):
                for case .object(let point) in points { rule.at.append(try Self.point(point, key)) }
                guard rule.at.count == points.count else { throw UsageError("\"\(key).at\" must hold objects") }
            // A known key with a value of the wrong kind says what the value must be (found by
            // review: `"min": "3"` was told it is not one of min, max, …: did you mean max?).
            case ("min", _), ("max", _): throw UsageError("\"\(key).\(name)\" must be a finite number")
            case ("monotonic", _): throw UsageError("\"\(key).monotonic\" must be \"increasing\" or \"decreasing\"")
            case ("at", _): throw UsageError("\"\(key).at\" must be an object or a list of them")
            default:
                let hint = Suggestion.hint(for: name, among: ["min", "max", "monotonic", "at"])
                throw UsageError(
                    "\"\(key).\(name)\" is not one of min, max (numbers), monotonic (\"increasing\" or \"decreasing\"), at\(hint)"
                )
            }
        }
        guard rule != Rule() else { throw UsageError("\"\(key)\" asserts nothing: give min, max, monotonic or at") }
        if let min = rule.min, let max = rule.max, min > max {
            throw UsageError("\"\(key)\": min is above max")
        }
        return rule
    }

    /// `{"time": t, "equals": v, "within": e}` (`within` 0.01 when not given).
    private static func point(_ fields: [String: ManifestValue], _ key: String) throws(UsageError) -> (
        time: Double, equals: Double, within: Double
    ) {
        var numbers: [String: Double] = [:]
        let names = ["time", "equals", "within"]
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            guard names.contains(name) else {
                throw UsageError(
                    "\"\(key).at\" takes the numbers time, equals and within\(Suggestion.hint(for: name, among: names))"
                )
            }
            guard case .number(let n) = value, n.isFinite else {
                throw UsageError("\"\(key).at.\(name)\" must be a finite number")
            }
            numbers[name] = n
        }
        guard let time = numbers["time"], time >= 0, let equals = numbers["equals"] else {
            throw UsageError("\"\(key).at\" needs a time ≥ 0 and the value it equals")
        }
        let within = numbers["within"] ?? Expectation.stillTolerance
        guard within >= 0 else { throw UsageError("\"\(key).at.within\" must be ≥ 0") }
        return (time, equals, within)
    }
}
