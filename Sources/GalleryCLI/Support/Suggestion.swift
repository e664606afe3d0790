/// "Did you mean": the known name nearest a misspelt one, within two edits (an insertion, a deletion,
/// a substitution or a swap of neighbours each count one: `offest` is one from `offset`), ties to
/// the first in the list; none when nothing is that close.
enum Suggestion {
    static let maximumEdits = 2

    /// The name of `names` nearest `word`, if within `maximumEdits`.
    static func nearest(to word: String, among names: [String]) -> String? {
        let target = Array(word.lowercased())
        var best: (name: String, edits: Int)?
        // Lengths further apart than the edits allowed are not compared: a hostile 1 MB word costs
        // nothing.
        for name in names where name != word && abs(name.count - target.count) <= maximumEdits {
            let edits = distance(target, Array(name.lowercased()))
            if edits <= maximumEdits, edits < (best?.edits ?? .max) { best = (name, edits) }
        }
        return best?.name
    }

    /// ": did you mean NAME?" with `spelled` applied to the nearest name, or "" when there is none.
    static func hint(for word: String, among names: [String], spelled: (String) -> String = { $0 }) -> String {
        nearest(to: word, among: names).map { ": did you mean \(spelled($0))?" } ?? ""
    }

    /// The optimal string alignment distance: Levenshtein's, with a swap of neighbours as one edit.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
