/// Numbers written as JSON text straight into a byte buffer, with the bytes Swift's own
/// `description` gives, but without a String per number: `layout` of a long motion writes a dozen
/// numbers a frame (a 7,232-frame drag spent a tenth of its time making those Strings).
enum JSONNumber {
    /// `n` in decimal: `-42`, `0`.
    static func writeInteger(_ n: Int64, into out: inout [UInt8]) {
        if n < 0 { out.append(UInt8(ascii: "-")) }
        writeDigits(n.magnitude, count: nil, into: &out)
    }

    /// `millionths` / 10⁶ as Swift describes that Double, without a trailing ".0" when it is whole:
    /// `375`, `0.72`, `-407.5`. |millionths| < 10¹⁵, so the quotient is the Double nearest a decimal
    /// of at most 15 significant digits, and that decimal is the shortest text that reads back as it:
    /// fixed-point, as Swift writes it from 10⁻⁴ up (below, Swift writes an exponent, `5e-05`).
    static func writeMillionths(_ millionths: Int64, into out: inout [UInt8]) {
        let magnitude = millionths.magnitude
        let (whole, fraction) = magnitude.quotientAndRemainder(dividingBy: 1_000_000)
        guard fraction == 0 || magnitude >= 100 else {
            return writeDescription(Double(millionths) / 1_000_000, into: &out)
        }
        if millionths < 0 && magnitude != 0 { out.append(UInt8(ascii: "-")) }
        writeDigits(whole, count: nil, into: &out)
        guard fraction != 0 else { return }
        var digits = fraction, count = 6
        while digits % 10 == 0 {
            digits /= 10
            count -= 1
        }
        out.append(UInt8(ascii: "."))
        writeDigits(digits, count: count, into: &out)
    }

    /// Swift's description of `value` as it is: `2000000000.0`, `5e-05`.
    static func writeDescription(_ value: Double, into out: inout [UInt8]) {
        var text = value.description
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// Swift's description of `value` with its exponent written without a "+" or leading zeros
    /// (`1e-7`, not `1e-07`): the shortest text that reads back as exactly `value`.
    static func writeShortestDescription(_ value: Double, into out: inout [UInt8]) {
        var text = value.description
        text.withUTF8 { bytes in
            guard let e = bytes.firstIndex(of: UInt8(ascii: "e")) else { return out.append(contentsOf: bytes) }
            out.append(contentsOf: bytes[...e])
            var at = e + 1
            if bytes[at] == UInt8(ascii: "-") { out.append(UInt8(ascii: "-")) }
            if bytes[at] == UInt8(ascii: "-") || bytes[at] == UInt8(ascii: "+") { at += 1 }
            while at < bytes.count - 1, bytes[at] == UInt8(ascii: "0") { at += 1 }
            out.append(contentsOf: bytes[at...])
        }
    }

    /// `n`'s decimal digits, zero-padded on the left to `count` when given.
    private static func writeDigits(_ n: UInt64, count: Int?, into out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count, rest = n
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            while let count, digits.count - start < count {
                start -= 1
                digits[start] = UInt8(ascii: "0")
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}
