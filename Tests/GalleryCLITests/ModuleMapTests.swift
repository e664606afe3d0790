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
