/// The parts of an ICC profile's header a person recognises it by, read without Little CMS.
struct ICCProfile: CustomStringConvertible {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Why the profile's header or tag table does not hold together, or nil when it does: it holds
    /// the size it declares (padding after it is allowed, and cut), and every tag lies inside it. Little CMS tolerates both (it
    /// reads only the tags a transform needs), but a profile that lies about itself is not trusted.
    var inconsistency: String? {
        guard bytes.count >= 132 else { return "the profile is \(bytes.count) bytes, too short for a header" }
        let declared = Int(word(at: 0))
        guard declared >= 132, declared <= bytes.count else {
            return "the profile declares \(declared) bytes but holds \(bytes.count)"
        }
        guard word(at: 36) == 0x6163_7370 else { return "the profile has no 'acsp' signature" }
        let count = Int(word(at: 128))
        guard count <= (declared - 132) / 12 else {
            return "the profile's tag table of \(count) tags does not fit in it"
        }
        for index in 0..<count {
            let entry = 132 + index * 12
            let offset = Int(word(at: entry + 4)), size = Int(word(at: entry + 8))
            guard offset <= declared, size <= declared - offset else {
                return "tag \(index + 1) of the profile's tag table points outside it"
            }
        }
        return nil
    }

    /// The profile's description (its `desc` tag: ICC v2 text or v4 multi-localised Unicode), else
    /// its size.
    var description: String {
        if let text = descriptionTag, !text.isEmpty { return "ICC profile \"\(text)\"" }
        return "an ICC profile of \(bytes.count) bytes"
    }

    /// True for a profile of CMYK data (its header's colour space field).
    var isCMYK: Bool { bytes.count >= 20 && bytes[16..<20].elementsEqual(Array("CMYK".utf8)) }
    /// True for a profile of gray data.
    var isGray: Bool { bytes.count >= 20 && bytes[16..<20].elementsEqual(Array("GRAY".utf8)) }

    /// The profile without any padding after its declared size.
    var trimmed: [UInt8] {
        let declared = Int(word(at: 0))
        return declared >= 132 && declared < bytes.count ? Array(bytes.prefix(declared)) : bytes
    }

    private var descriptionTag: String? {
        guard bytes.count >= 132 else { return nil }
        let count = Int(word(at: 128))
        guard count < 1000, 132 + count * 12 <= bytes.count else { return nil }
        for index in 0..<count {
            let entry = 132 + index * 12
            guard word(at: entry) == 0x6465_7363 else { continue }  // 'desc'
            let offset = Int(word(at: entry + 4)), size = Int(word(at: entry + 8))
            guard offset >= 0, size >= 12, offset <= bytes.count - size else { return nil }
            return text(at: offset, size: size)
        }
        return nil
    }

    private func text(at offset: Int, size: Int) -> String? {
        switch word(at: offset) {
        case 0x6465_7363:  // 'desc': ASCII count, then the text
            let length = Int(word(at: offset + 8))
            guard length > 0, 12 + length <= size else { return nil }
            let ascii = bytes[(offset + 12)..<(offset + 12 + length)].prefix { $0 != 0 }
            return String(decoding: ascii.filter { $0 >= 0x20 && $0 < 0x7F }, as: UTF8.self)
        case 0x6D6C_7563:  // 'mluc': the first record's UTF-16BE text
            guard size >= 28, word(at: offset + 8) >= 1 else { return nil }
            let length = Int(word(at: offset + 20)), start = Int(word(at: offset + 24))
            guard length >= 2, start >= 0, start + length <= size else { return nil }
            let units = stride(from: offset + start, to: offset + start + length - 1, by: 2).map {
                UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
            }
            return String(decoding: units, as: UTF16.self).filter { !$0.isNewline && $0 != "\0" }
        default: return nil
        }
    }

    private func word(at offset: Int) -> UInt32 {
        guard offset >= 0, offset + 4 <= bytes.count else { return 0 }
        return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
