/// Natural ordering of file names: runs of digits compare by value, so `2.jpg` comes before `10.jpg`.
enum NaturalOrder {
    static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
        func digitRun(_ s: [UInt8], from start: Int) -> Int {
            var end = start
            while end < s.count, isDigit(s[end]) { end += 1 }
            return end
        }
        var i = 0, j = 0
        while i < x.count, j < y.count {
            if isDigit(x[i]), isDigit(y[j]) {
                let iEnd = digitRun(x, from: i), jEnd = digitRun(y, from: j)
                let left = x[i..<iEnd].drop { $0 == 0x30 }, right = y[j..<jEnd].drop { $0 == 0x30 }
                if left.count != right.count { return left.count < right.count }
                if !left.elementsEqual(right) { return left.lexicographicallyPrecedes(right) }
                i = iEnd
                j = jEnd
            } else {
                if x[i] != y[j] { return x[i] < y[j] }
                i += 1
                j += 1
            }
        }
        if (i == x.count) != (j == y.count) { return i == x.count }
        return a < b  // equal by value ("01" and "1"): fall back to bytes, so the order is total
    }
}
