import Foundation
import Testing
import TestSupport

/// docs/architecture.md's module map names every target under Sources/ in Package.swift, and nothing
/// else, so a target added without a word fails here. `make readme` (GALLERY_UPDATE_README=1) adds a
/// line for each missing target, to be described, and the test still fails that run.
@Suite(.serialized) struct ModuleMapTests {
    static let architecture = Corpus.repositoryRoot.appendingPathComponent("docs/architecture.md")
    static let begin = "<!-- checked against Package.swift: module map"
    static let end = "<!-- end of module map -->"

    /// The folders of Package.swift's targets under Sources/ (system libraries as Sources/System).
    static func packageFolders() throws -> Set<String> {
        let text = try String(
            contentsOf: Corpus.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        var folders: Set<String> = []
        // Each `.target(…)` and `.executableTarget(…)` call, to its closing parenthesis: its name, and
        // its `path:` when given.
        for opening in text.ranges(of: #/\.(?:target|executableTarget)\(/#) {
            var depth = 1
            var end = opening.upperBound
            while depth > 0, end < text.endIndex {
                if text[end] == "(" { depth += 1 } else if text[end] == ")" { depth -= 1 }
                end = text.index(after: end)
            }
            let call = text[opening.upperBound..<end]
            guard let name = call.firstMatch(of: #/^\s*name:\s*"([^"]+)"/#).map({ String($0.output.1) }) else {
                continue
            }
            let path = call.firstMatch(of: #/path:\s*"([^"]+)"/#).map { String($0.output.1) } ?? "Sources/\(name)"
            if path.hasPrefix("Sources/") { folders.insert(path) }
        }
        if text.contains("path: \"Sources/System/") { folders.insert("Sources/System") }
        return folders
    }

    /// The folders the map describes: each line's leading `Sources/X` names (`Sources/A, Sources/B`).
    static func describedFolders(in text: String) -> Set<String>? {
        guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex)
        else { return nil }
        var folders: Set<String> = []
        for line in text[start.upperBound..<stop.lowerBound].split(separator: "\n") {
            let head = line.components(separatedBy: "  ").first ?? ""
            for name in head.components(separatedBy: ", ") where name.hasPrefix("Sources/") { folders.insert(name) }
        }
        return folders
    }

    @Test func everyTargetUnderSourcesIsDescribedAndNoOther() throws {
        let text = try String(contentsOf: Self.architecture, encoding: .utf8)
        let described = try #require(Self.describedFolders(in: text), "docs/architecture.md has no module map markers")
        let folders = try Self.packageFolders()
        #expect(folders.count > 20, "Package.swift read: \(folders.sorted())")
        let missing = folders.subtracting(described).sorted()
        if !missing.isEmpty, ProcessInfo.processInfo.environment["GALLERY_UPDATE_README"] == "1",
            let anchor = text.range(of: "\nTests/…")
        {
            let lines = missing.map {
                "\n" + $0.padding(toLength: 30, withPad: " ", startingAt: 0) + "(describe this target)"
            }
            var updated = text
            updated.insert(contentsOf: lines.joined(), at: anchor.lowerBound)
            try Data(updated.utf8).write(to: Self.architecture, options: .atomic)
            Issue.record("docs/architecture.md: added \(missing) to the module map: describe them and commit")
            return
        }
        #expect(missing.isEmpty, "targets not in docs/architecture.md's module map (make readme adds them): \(missing)")
        let stale = described.subtracting(folders).sorted()
        #expect(stale.isEmpty, "the module map describes folders that are no target: \(stale)")
    }

    @Test func aMapMissingATargetFails() throws {
        let text = try String(contentsOf: Self.architecture, encoding: .utf8)
        let cut = text.replacingOccurrences(of: "\nSources/CColor ", with: "\nNotATarget ")
        let described = try #require(Self.describedFolders(in: cut))
        #expect(try Self.packageFolders().subtracting(described) == ["Sources/CColor"])
    }
}

/// The module map's file lists describe the code as it is: every file or folder a target's line
/// names exists in that target, every C source of a C target is named, and every folder and
/// top-level file of a Swift target is named (the files inside a named folder are its own).
@Suite struct ModuleMapFileListTests {
    /// Each map line whose head is one `Sources/X`: the folder and the rest of the line.
    static func lines(in text: String) throws -> [(folder: String, text: String)] {
        let start = try #require(text.range(of: ModuleMapTests.begin))
        let stop = try #require(text.range(of: ModuleMapTests.end, range: start.upperBound..<text.endIndex))
        return text[start.upperBound..<stop.lowerBound].split(separator: "\n").compactMap { line in
            let head = line.components(separatedBy: "  ").first ?? ""
            guard head.hasPrefix("Sources/"), !head.contains(",") else { return nil }
            return (head, String(line.dropFirst(head.count)))
        }
    }

    /// Problems with one target's line: names that are not there, and files or folders it leaves out.
    static func problems(folder: String, line: String) throws -> [String] {
        let root = Corpus.repositoryRoot.appendingPathComponent(folder)
        let files = try FileManager.default.subpathsOfDirectory(atPath: root.path)
        var problems: [String] = []
        for match in line.matches(of: #/[A-Za-z0-9_+\-]+\.(?:c|h|swift)\b/#) {
            let name = String(match.output)
            if !files.contains(where: { ($0 as NSString).lastPathComponent == name }) {
                problems.append("\(folder): names \(name), which it does not hold")
            }
        }
        let isC = (folder as NSString).lastPathComponent.hasPrefix("C")
        for path in files where !path.contains("/") || isC {
            let name = (path as NSString).lastPathComponent
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder)
            if isC, name.hasSuffix(".c"), !line.contains(name) { problems.append("\(folder): \(name) not named") }
            if !isC, isFolder.boolValue, !line.contains("\(name)/"), folder != "Sources/System" {
                problems.append("\(folder): folder \(name)/ not named")
            }
            if !isC, !isFolder.boolValue, name.hasSuffix(".swift"), !line.contains(name) {
                problems.append("\(folder): \(name) not named")
            }
        }
        return problems
    }

    @Test func everyNamedFileExistsAndEveryFileIsNamed() throws {
        let text = try String(contentsOf: ModuleMapTests.architecture, encoding: .utf8)
        let lines = try Self.lines(in: text)
        #expect(lines.count > 20)
        let problems = try lines.flatMap { try Self.problems(folder: $0.folder, line: $0.text) }
        #expect(problems.isEmpty, "docs/architecture.md's module map: \(problems.joined(separator: "; "))")
    }

    @Test func aMissingOrStaleNameFails() throws {
        #expect(
            try Self.problems(folder: "Sources/CJPEG", line: "gr_jpeg.c, gr_gone.c") == [
                "Sources/CJPEG: names gr_gone.c, which it does not hold"
            ])
        #expect(try Self.problems(folder: "Sources/CJPEG", line: "the shim") == ["Sources/CJPEG: gr_jpeg.c not named"])
        #expect(
            try Self.problems(folder: "Sources/VisualDiff", line: "ImageComparer.swift").contains(
                "Sources/VisualDiff: folder Animation/ not named"))
    }
}
