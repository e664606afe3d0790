import Foundation

/// The Markdown option tables of docs/options.md, made from the option declarations so the two cannot
/// drift: `| option | meaning | default |`, one row per option, in help order.
enum OptionTable {
    /// The tables docs/options.md holds, each under its own marker.
    /// Each is a command's option group as its `--help` shows it, so the two cannot differ.
    static let tables: [(name: String, specs: [OptionSpec])] = [
        ("scene options", group("SCENE OPTIONS", of: RenderCommand.spec)),
        ("carousel options", group("CAROUSEL OPTIONS", of: RenderCommand.spec)),
        ("output options", group("OUTPUT OPTIONS", of: RenderCommand.spec)),
        ("batch options", group("BATCH OPTIONS", of: BatchCommand.spec)),
        ("check options", group("CHECK OPTIONS", of: CheckCommand.spec)),
        ("diff options", group("DIFF OPTIONS", of: DiffCommand.spec)),
        ("motion options", group("MOTION OPTIONS", of: AnimateCommand.spec)),
    ]

    private static func group(_ title: String, of spec: CommandSpec) -> [OptionSpec] {
        spec.optionGroups.first { $0.title == title }?.options ?? []
    }

    /// One table.
    static func markdown(_ specs: [OptionSpec]) -> String {
        var text = "| option | meaning | default |\n|---|---|---|\n"
        for spec in specs {
            var name = "--\(spec.name)"
            if let short = spec.short { name = "-\(short), " + name }
            if let value = spec.valueName {
                // A long list of values (the devices) is left to --help.
                let listed = !spec.values.isEmpty && spec.values.count <= 4
                name += " " + (listed ? spec.values.joined(separator: "\\|") : value.uppercased())
            }
            let fallback = spec.isFlag ? "off" : "—"
            text += "| `\(name)` | \(cell(spec.help)) | \(cell(spec.defaultText ?? fallback)) |\n"
        }
        return text
    }

    /// `text` between the begin and end markers of table `name` replaced by the generated table.
    static func replacing(in text: String, name: String, with table: String) -> String? {
        let begin = beginMarker(name), end = endMarker(name)
        guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex)
        else { return nil }
        return String(text[..<start.upperBound]) + "\n" + table + String(text[stop.lowerBound...])
    }

    static func beginMarker(_ name: String) -> String { "<!-- generated from the declarations: \(name) -->" }
    static func endMarker(_ name: String) -> String { "<!-- end of \(name) -->" }

    /// A table cell: pipes escaped, the trailing full stop of a help sentence dropped.
    private static func cell(_ text: String) -> String {
        let trimmed = text.hasSuffix(".") ? String(text.dropLast()) : text
        return trimmed.replacingOccurrences(of: "|", with: "\\|")
    }
}
