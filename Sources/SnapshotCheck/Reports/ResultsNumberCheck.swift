import Foundation

/// Finds the number a results.json holds where this build reads a whole count (`diffPixels` 1.5,
/// `width` 1e20): Foundation's decoder refuses such a file as "not valid JSON" without naming the key,
/// so the file is walked again to name it.
enum ResultsNumberCheck {
    /// The keys whose values (or whose arrays' elements) are whole numbers in results.json.
    static let wholeKeys: Set<String> = [
        "version", "frames", "passed", "failed", "width", "height", "diffPixels", "antiAliasedPixels", "order",
        "failingFrames", "index",
    ]

    /// The largest whole number read exactly (2⁵³).
    static let largest = 9_007_199_254_740_992.0

    /// "key 'frames[0].diffPixels' is 1.5, not a whole number from 0 to 2^53", or nil when every whole
    /// key holds one (or the text is not JSON at all).
    static func firstFault(in bytes: [UInt8]) -> String? {
        guard
            case .success(let top) = Result(catching: {
                try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
            })
        else { return nil }
        return fault(in: top, path: "", key: nil)
    }

    private static func fault(in value: Any, path: String, key: String?) -> String? {
        switch value {
        case let object as [String: Any]:
            for name in object.keys.sorted() {
                guard let member = object[name] else { continue }
                let inner = path.isEmpty ? name : path + "." + name
                if let found = fault(in: member, path: inner, key: name) { return found }
            }
        case let array as [Any]:
            for (index, element) in array.enumerated() {
                if let found = fault(in: element, path: path + "[\(index)]", key: key) { return found }
            }
        case let number as NSNumber where key.map(wholeKeys.contains) == true:
            let double = number.doubleValue
            if double != double.rounded() || abs(double) > largest {
                return "key '\(path)' is \(number), not a whole number"
            }
        default: break
        }
        return nil
    }
}
