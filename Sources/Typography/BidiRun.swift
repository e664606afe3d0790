import CText

/// A line's directional runs in visual order, as the Unicode Bidirectional Algorithm (UAX #9) gives
/// them for a left-to-right paragraph without explicit embeddings, in part: characters are strong
/// left-to-right (those of a script: letters, a script's own digits), strong right-to-left (the
/// Hebrew, Arabic, Syriac, Thaana, N'Ko and other right-to-left blocks, and RLM), numbers (European
/// and Arabic digits, superscripts, with a separator between two and terminators such as "%" beside
/// one: W4, W5), marks and format characters (the class before them: W1, X9) or neutral. A
/// number after left-to-right text is left to right (W7); neutrals between two runs of one direction
/// take it, numbers counting as right to left, else the paragraph's (N1, N2). Levels are 0 (left to
/// right), 1 (right to left) and 2 (a number in right-to-left text: I1, I2), and runs are reversed
/// from the highest level down (L2). Paired brackets (BD16) take the direction of what they hold,
/// or of the text before them (N0): "צילום (1)" draws "(1)" whole, left of the word, where the
/// neutral rules alone split the pair; HarfBuzz mirrors a bracket in a right-to-left run. Left out:
/// explicit embeddings and isolates, and the AL/AN distinctions (W2, W3).
public struct BidiRun: Sendable, Hashable {
    /// The run's bytes in the text's UTF-8.
    public var bytes: Range<Int>
    public var level: Int
    /// Its script as HarfBuzz's tag (`gr_text_script`); 0 when it holds only common characters.
    public var script: UInt32 = 0

    /// Shaped right to left.
    public var isRightToLeft: Bool { level % 2 == 1 }

    /// `text`'s runs, left to right as drawn: each of one level and one script, as HarfBuzz shapes
    /// one script at a time (a Hebrew word and an Arabic one in one right-to-left stretch are two
    /// runs). Marks and the common characters (spaces, digits, punctuation) go with the run they are
    /// in, or the script after them at its start.
    public static func visual(_ text: String) -> [BidiRun] {
        let scalars = Array(text.unicodeScalars)
        let kinds = scalars.map(Kind.init)
        let levels = Self.levels(Self.resolved(kinds, brackets: Self.bracketPairs(scalars, kinds)))
        var runs: [BidiRun] = []
        var (offset, script) = (0, UInt32(0))
        for ((scalar, kind), level) in zip(zip(scalars, kinds), levels) {
            let next = offset + UTF8.width(scalar)
            let own = kind == .mark ? 0 : gr_text_script(scalar.value)
            if let last = runs.last, last.level == level, own == 0 || script == 0 || own == script {
                runs[runs.count - 1].bytes = last.bytes.lowerBound..<next
                if own != 0 { (script, runs[runs.count - 1].script) = (own, own) }
            } else {
                runs.append(BidiRun(bytes: offset..<next, level: level, script: own))
                script = own
            }
            offset = next
        }
        return reordered(runs)
    }

    /// A character's class, as far as this resolver tells them apart.
    enum Kind: Equatable {
        case left, right, number, separator, terminator, mark, neutral

        init(_ scalar: Unicode.Scalar) {
            if scalar.isASCII {
                self = Self.ascii[Int(scalar.value)]
                return
            }
            let value = scalar.value
            let category = scalar.properties.generalCategory
            if let listed = Self.listed[value] {
                self = listed
            } else if category == .nonspacingMark || category == .enclosingMark || category == .format {
                // Marks go with what they follow; format characters (a soft hyphen, a joiner) are
                // left out of the resolution, as UAX #9's X9 removes them.
                self = .mark
            } else if category == .currencySymbol {
                self = .terminator
            } else if Self.rightToLeftBlocks.contains(where: { $0.contains(value) }) {
                // Arabic-Indic digits are numbers there (AN), the rest right to left.
                self = category == .decimalNumber || (0x0600...0x0605).contains(value) ? .number : .right
            } else if category == .decimalNumber {
                // European digits in other blocks (fullwidth, mathematical) are numbers; a script's
                // own digits (Devanagari, Thai) are left to right, as its letters.
                self = gr_text_script(value) == 0 ? .number : .left
            } else {
                // A character of a script (a letter, a danda) is left to right; common ones neutral.
                self = gr_text_script(value) != 0 || Self.letters.contains(category) ? .left : .neutral
            }
        }

        /// The blocks whose characters default to right to left (UCD's DerivedBidiClass).
        static let rightToLeftBlocks: [ClosedRange<UInt32>] = [
            0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF,
        ]
        /// Non-ASCII characters whose class is not their category's (UCD's DerivedBidiClass): the
        /// directional marks, superscript and subscript digits (EN), number separators (ES, CS) and
        /// terminators (ET).
        static let listed: [UInt32: Kind] = {
            var kinds: [UInt32: Kind] = [0x200E: .left, 0x200F: .right, 0x061C: .right]
            let digits: [UInt32] = [0xB2, 0xB3, 0xB9] + Array(0x2070...0x2079) + Array(0x2080...0x2089)
            for value in digits { kinds[value] = .number }
            let separators: [UInt32] = [
                0xA0, 0x060C, 0x066B, 0x066C, 0x202F, 0x2044, 0x207A, 0x207B, 0x208A, 0x208B, 0x2212, 0xFB29, 0xFE50,
                0xFE52, 0xFE55, 0xFE62, 0xFE63, 0xFF0B, 0xFF0C, 0xFF0D, 0xFF0E, 0xFF0F, 0xFF1A,
            ]
            for value in separators { kinds[value] = .separator }
            let terminators: [UInt32] = [
                0xB0, 0xB1, 0x066A, 0x2030, 0x2031, 0x2032, 0x2033, 0x2034, 0x212E, 0x2213, 0xFE5F, 0xFE69, 0xFE6A,
                0xFF03, 0xFF04, 0xFF05,
            ]
            for value in terminators { kinds[value] = .terminator }
            return kinds
        }()
        static let letters: Set<Unicode.GeneralCategory> = [
            .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .spacingMark,
            .letterNumber,
        ]
        /// ASCII's classes: letters, digits, the separators `, . : / + -` and the terminators `# $ %`.
        static let ascii: [Kind] = (0..<128).map { value in
            let scalar = Unicode.Scalar(UInt8(value))
            switch scalar {
            case "a"..."z", "A"..."Z": return .left
            case "0"..."9": return .number
            case ",", ".", ":", "/", "+", "-": return .separator
            case "#", "$", "%": return .terminator
            default: return .neutral
            }
        }
    }

    /// Every character's class once the weak and neutral rules have run: left, right or number.
    /// `brackets`: the paired brackets' positions (`bracketPairs`), in order of their openings.
    static func resolved(_ kinds: [Kind], brackets: [(open: Int, close: Int)] = []) -> [Kind] {
        let original = kinds
        var kinds = kinds
        // W1: a mark is what it follows (left at the start).
        for i in kinds.indices where kinds[i] == .mark { kinds[i] = i == 0 ? .left : kinds[i - 1] }
        // W4: one separator between two numbers joins them; W5: terminators beside a number are one.
        for i in kinds.indices.dropFirst().dropLast()
        where kinds[i] == .separator && kinds[i - 1] == .number && kinds[i + 1] == .number {
            kinds[i] = .number
        }
        for i in kinds.indices where kinds[i] == .number {
            var j = i - 1
            while j >= 0, kinds[j] == .terminator { (kinds[j], j) = (.number, j - 1) }
            j = i + 1
            while j < kinds.count, kinds[j] == .terminator { (kinds[j], j) = (.number, j + 1) }
        }
        // W6, W7: other separators and terminators are neutral; a number after left text is left.
        var strong = Kind.left
        for i in kinds.indices {
            switch kinds[i] {
            case .separator, .terminator: kinds[i] = .neutral
            case .left, .right: strong = kinds[i]
            case .number where strong == .left: kinds[i] = .left
            default: break
            }
        }
        return resolvedNeutrals(resolvedBrackets(kinds, brackets, original: original))
    }

    /// N0, in a left-to-right paragraph: a pair holding left-to-right text is left to right; one
    /// holding only right-to-left text (numbers counting as such) is right to left when the strong
    /// text before it is, else left to right; one holding neither stays neutral. Marks right after a
    /// bracket so resolved take its direction. Pairs are taken in order, each resolved one counting as
    /// strong text for the next.
    static func resolvedBrackets(_ kinds: [Kind], _ pairs: [(open: Int, close: Int)], original: [Kind]) -> [Kind] {
        var kinds = kinds
        func strong(_ kind: Kind) -> Kind? { kind == .left ? .left : kind == .right || kind == .number ? .right : nil }
        for (open, close) in pairs {
            let inside = kinds[(open + 1)..<close].compactMap(strong)
            guard !inside.isEmpty else { continue }
            let before = kinds[..<open].last { strong($0) != nil }.flatMap(strong) ?? .left
            let direction: Kind = inside.contains(.left) || before == .left ? .left : .right
            for bracket in [open, close] {
                kinds[bracket] = direction
                var mark = bracket + 1
                while mark < kinds.count, original[mark] == .mark {
                    (kinds[mark], mark) = (direction, mark + 1)
                }
            }
        }
        return kinds
    }

    /// BD16: the bracket pairs of a line, as positions in order of their openings. Only brackets
    /// still neutral pair; a closing bracket closes the nearest open one of its kind, and those opened
    /// after it are dropped; past 63 open ones the search stops.
    static func bracketPairs(_ scalars: [Unicode.Scalar], _ kinds: [Kind]) -> [(open: Int, close: Int)] {
        var open: [(closing: UInt32, at: Int)] = [], pairs: [(open: Int, close: Int)] = []
        for (i, scalar) in scalars.enumerated() where kinds[i] == .neutral {
            let value = canonicalBracket(scalar.value)
            if let closing = closingBracket(of: value) {
                guard open.count < 63 else { break }
                open.append((closing, i))
            } else if let k = open.lastIndex(where: { $0.closing == value }) {
                pairs.append((open[k].at, i))
                open.removeSubrange(k...)
            }
        }
        return pairs.sorted { $0.open < $1.open }
    }

    /// The closing bracket paired with `value`, when it opens one (UCD's BidiBrackets.txt: the pairs
    /// whose closing bracket is the next code point, and six others).
    static func closingBracket(of value: UInt32) -> UInt32? {
        if let other = otherBrackets[value] { return other }
        return nextBrackets.contains(value) ? value + 1 : nil
    }

    /// Canonically equivalent brackets match: U+2329 and U+232A are U+3008 and U+3009.
    private static func canonicalBracket(_ value: UInt32) -> UInt32 {
        value == 0x2329 ? 0x3008 : value == 0x232A ? 0x3009 : value
    }

    /// Opening brackets closed by the next code point (BidiBrackets.txt, Unicode 14).
    static let nextBrackets: Set<UInt32> = [
        0x0028, 0x0F3A, 0x0F3C, 0x169B, 0x2045, 0x207D, 0x208D, 0x2308, 0x230A, 0x2768, 0x276A, 0x276C, 0x276E,
        0x2770, 0x2772, 0x2774, 0x27C5, 0x27E6, 0x27E8, 0x27EA, 0x27EC, 0x27EE, 0x2983, 0x2985, 0x2987, 0x2989,
        0x298B, 0x2991, 0x2993, 0x2995, 0x2997, 0x29D8, 0x29DA, 0x29FC, 0x2E22, 0x2E24, 0x2E26, 0x2E28, 0x2E55,
        0x2E57, 0x2E59, 0x2E5B, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0xFE59,
        0xFE5B, 0xFE5D, 0xFF08, 0xFF5F, 0xFF62,
    ]
    /// The other pairs: opening → closing.
    static let otherBrackets: [UInt32: UInt32] = [
        0x005B: 0x005D, 0x007B: 0x007D, 0x298D: 0x2990, 0x298F: 0x298E, 0xFF3B: 0xFF3D, 0xFF5B: 0xFF5D,
    ]

    /// N1, N2: a run of neutrals between two of one direction (a number counting as right to left)
    /// takes it; any other, the paragraph's, left to right.
    private static func resolvedNeutrals(_ kinds: [Kind]) -> [Kind] {
        var kinds = kinds
        var i = 0
        while i < kinds.count {
            guard kinds[i] == .neutral else {
                i += 1
                continue
            }
            var end = i
            while end < kinds.count, kinds[end] == .neutral { end += 1 }
            let before = i == 0 ? Kind.left : kinds[i - 1] == .left ? .left : .right
            let after = end == kinds.count ? Kind.left : kinds[end] == .left ? .left : .right
            for j in i..<end { kinds[j] = before == after ? before : .left }
            i = end
        }
        return kinds
    }

    /// The embedding level of each resolved class in a left-to-right paragraph (I1).
    static func levels(_ kinds: [Kind]) -> [Int] {
        kinds.map { $0 == .right ? 1 : $0 == .number ? 2 : 0 }
    }

    /// L2: from the highest level down to 1, each stretch of runs at that level or higher reversed.
    static func reordered(_ runs: [BidiRun]) -> [BidiRun] {
        var runs = runs
        for level in stride(from: runs.map(\.level).max() ?? 0, through: 1, by: -1) {
            var i = 0
            while i < runs.count {
                guard runs[i].level >= level else {
                    i += 1
                    continue
                }
                var end = i
                while end < runs.count, runs[end].level >= level { end += 1 }
                runs[i..<end].reverse()
                i = end
            }
        }
        return runs
    }
}
