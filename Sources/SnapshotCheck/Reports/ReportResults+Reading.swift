import Foundation
import GalleryCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading another run's results.json (`merge-reports`, `accept`): every value checked, every
/// fault named by its key.
extension ReportResults {
    /// The results in `folder`, every value checked: the folder comes from another job, so a frame's
    /// status must be one this build writes and each image a regular file under `folder/images/`
    /// (no absolute path, `..` or symlink).
    public static func read(folder: String) throws(ReadError) -> ReportResults {
        let bytes: [UInt8]
        do { bytes = try ContainedPath.contents(of: fileName, in: folder, limit: 256 << 20) } catch {
            throw .unreadable(error.description)
        }
        let header: Header
        do { header = try JSONDecoder().decode(Header.self, from: Data(bytes)) } catch {
            // Foundation refuses nesting past 512 levels as "not valid JSON": say what it is.
            let depth = Self.nestingDepth(bytes)
            throw .invalid(
                depth > 512 ? "nested \(depth) levels deep, past the 512 a reader takes" : Self.describe(error))
        }
        guard header.tool == "gallery-render" else { throw .foreign(tool: header.tool ?? "another tool") }
        guard let version = header.version else { throw .invalid("key 'version' is missing or null") }
        guard version == .number(Double(currentVersion)) else { throw .unknownVersion(version.description) }
        let results: ReportResults
        do { results = try JSONDecoder().decode(ReportResults.self, from: Data(bytes)) } catch {
            throw .invalid(ResultsNumberCheck.firstFault(in: bytes) ?? Self.describe(error))
        }
        var paths: Set<String> = []
        var images: [String: Int] = [:]
        for (number, frame) in results.frames.enumerated() {
            try checkPath(of: frame, number: number)
            guard paths.insert(frame.path).inserted else {
                throw .invalid("key 'frames[\(number)].path' is \"\(frame.path)\", a frame given twice")
            }
            for (name, count) in [
                ("width", frame.width), ("height", frame.height), ("diffPixels", frame.diffPixels),
                ("antiAliasedPixels", frame.antiAliasedPixels),
            ] {
                if let count, count < 0 {
                    throw .invalid("key 'frames[\(number)].\(name)' is \(count), below 0")
                }
            }
            for image in frame.images.all {
                try checkImage(image, in: folder)
                // Each image a report writes is shown in one place: copying one named many times
                // would fill a disk from a small report.
                if let first = images.updateValue(number, forKey: image) {
                    throw .unsafeImage(path: image, reason: "named again by frames[\(number)] after frames[\(first)]")
                }
            }
        }
        return results
    }

    /// Frame `number`'s path is one this tool writes: only the names a manifest's frames get (no `./`,
    /// hidden file, other extension or control character reaches a baseline folder, and one frame
    /// has one spelling), or, for a scene that failed before it had frames, its name with no image.
    private static func checkPath(of frame: Frame, number: Int) throws(ReadError) {
        // Scene names have at most 128 characters, offsets' names a few dozen: a longer path is
        // none this tool wrote, and its report images' names would be too long to write.
        guard frame.path.utf8.count <= maximumPathBytes else {
            throw .invalid(
                "key 'frames[\(number)].path' has \(frame.path.utf8.count) bytes, longer than any frame path this tool writes (\(maximumPathBytes))"
            )
        }
        let unplanned =
            frame.status == .sceneFailed && frame.path == frame.scene && FramePath.isSceneName(frame.path)
            && frame.images.all.isEmpty
        guard unplanned || FramePath.isFramePath(frame.path) else {
            throw .invalid(
                "key 'frames[\(number)].path' is \(String(reflecting: frame.path)), not a frame path this tool writes (NAME.png or NAME/offset-X.png)"
            )
        }
    }

    /// `image` is a regular file (no symlink) in `folder/images/`, named as this tool names them.
    private static func checkImage(_ image: String, in folder: String) throws(ReadError) {
        guard ReportFolder.isImage(image) else {
            throw .unsafeImage(
                path: image, reason: "not a .png file in \(SystemPath.joined(folder, ReportFolder.images))")
        }
        let file: ContainedPath
        do { file = try ContainedPath(image, in: folder, lastLink: .replace) } catch {
            throw .unsafeImage(path: image, reason: error.description)
        }
        var status = stat()
        guard SystemPath.withCString(file.path, { lstat($0, &status) }) == 0 else {
            throw .unsafeImage(path: image, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            let kind = status.st_mode & S_IFMT == S_IFLNK ? "a symlink" : "not a regular file"
            throw .unsafeImage(path: image, reason: "\(file.path) is \(kind)")
        }
    }

    /// The top of a results.json, read first so that another tool's file or version is named as such.
    private struct Header: Decodable {
        var tool: String?
        var version: JSONNumberOrText?
    }

    /// A value read as it was written: a number, or anything else shown as JSON would show it.
    enum JSONNumberOrText: Decodable, Equatable, CustomStringConvertible {
        case number(Double)
        case other(String)

        init(from decoder: any Decoder) throws {
            // Each type is tried in turn: a mismatch is the answer "not this type", not a failure.
            let value = try decoder.singleValueContainer()
            if case .success(let number) = Result(catching: { try value.decode(Double.self) }) {
                self = .number(number)
            } else if case .success(let text) = Result(catching: { try value.decode(String.self) }) {
                self = .other("\"\(text)\" (a string)")
            } else if case .success(let flag) = Result(catching: { try value.decode(Bool.self) }) {
                self = .other("\(flag)")
            } else {
                self = .other(value.decodeNil() ? "null" : "an array or object")
            }
        }

        var description: String {
            switch self {
            case .number(let number): number == number.rounded() && abs(number) < 1e15 ? "\(Int(number))" : "\(number)"
            case .other(let text): text
            }
        }
    }

    /// The deepest nesting of arrays and objects in JSON text (brackets inside strings not counted).
    static func nestingDepth(_ bytes: [UInt8]) -> Int {
        var (depth, deepest, inString, escaped) = (0, 0, false, false)
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// A decoding failure as one line naming the key: "key 'frames[2].seconds' is not a number"
    /// (`--shard-weights` reads a results.json too).
    package static func describe(_ error: any Error) -> String {
        func key(_ path: [any CodingKey]) -> String {
            path.reduce("") { text, key in
                if let index = key.intValue { return text + "[\(index)]" }
                return text.isEmpty ? key.stringValue : text + "." + key.stringValue
            }
        }
        func named(_ path: [any CodingKey]) -> String { path.isEmpty ? "the top level" : "key '\(key(path))'" }
        func kind(_ type: Any.Type) -> String {
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") { return "an object" }
            if type == String.self { return "a string" }
            if type == Bool.self { return "true or false" }
            return "a number"
        }
        switch error as? DecodingError {
        case .typeMismatch(let type, let context)?:
            return "\(named(context.codingPath)) is not \(kind(type))"
        case .valueNotFound(_, let context)?: return "\(named(context.codingPath)) is null"
        case .keyNotFound(let missing, let context)?:
            return "key '\(key(context.codingPath + [missing]))' is missing"
        case .dataCorrupted(let context)? where !context.codingPath.isEmpty && context.underlyingError == nil:
            // A value of the right type this build does not know (FrameCheck.Status says which).
            return "\(named(context.codingPath)) \(context.debugDescription)"
        case .dataCorrupted(let context)?:
            let reason = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "not valid JSON: \(reason ?? context.debugDescription)"
        default: return "\(error)"
        }
    }
}
