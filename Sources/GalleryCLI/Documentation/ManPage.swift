/// The manual page gallery-render(1), in man(7) macros, generated from the command specs and option
/// declarations (`gallery-render --generate-manual`; `make man` and the .deb install it): one page,
/// a section per subcommand, every option with its values and default.
enum ManPage {
    static func page(version: String) -> String {
        var lines = [
            #".TH GALLERY\-RENDER 1 "" "gallery-render \#(version)" "User Commands""#,
            ".SH NAME",
            #"gallery\-render \- render iOS photo carousels, grids and paged galleries to PNG, and check them in CI"#,
            ".SH SYNOPSIS",
            ".B gallery\\-render",
            "[\\fBrender\\fR] \\fIphotos\\fR... [\\fIoptions\\fR]",
            ".br",
            ".B gallery\\-render",
            "\\fIsubcommand\\fR [\\fIoptions\\fR]",
            ".br",
            ".B gallery\\-render",
            "\\fB\\-\\-version\\fR [\\fB\\-\\-verbose\\fR] | \\fB\\-\\-help\\fR | \\fB\\-\\-generate\\-completion\\-script\\fR \\fIshell\\fR",
            ".SH DESCRIPTION",
            text(
                "gallery-render renders, without any Apple device, what an iOS photo carousel (the line layout), a grid of round photos, a plain flow layout, iCarousel's eleven 3D types, a compositional \"peek\" section or a full-page transform layout looks like at a scroll position, or moving, with the cells apps draw (captions, shadows, a page control), and writes PNGs; it compares frames with recorded baselines for visual diffs in CI. render is the default subcommand."
            ),
            ".SH COMMANDS",
        ]
        for (name, command) in RootOptions.subcommands {
            lines += section(name: name, spec: command.spec)
        }
        lines += [
            ".SH EXIT STATUS",
            ".TP", ".B 0", text("Success; for diff and check, the images match."),
            ".TP", ".B 1",
            text(
                "Failure: an unreadable photo under --strict, a failed write, a failed scene; for diff and check, a difference or a missing baseline."
            ),
            ".TP", ".B 2", text("diff and check could not compare: an unreadable or invalid image."),
            ".TP", ".B 64", text("Usage error, naming the option; nothing is written."),
            ".SH ENVIRONMENT",
        ]
        for (variable, meaning) in environment { lines += [".TP", ".B \(escaped(variable))", text(meaning)] }
        lines += [".SH EXAMPLES"]
        for (what, command) in examples {
            // Within 80 columns once man indents it (7, and .RS 7 more).
            let wrapped = HelpFormatter.continued(command, width: 66).map(escaped)
            lines += [text(what), ".PP", ".RS", ".nf"] + wrapped + [".fi", ".RE", ".PP"]
        }
        lines += [
            ".SH SEE ALSO",
            text(
                "The README and docs/usage.md of gallery-render; the layout and motion formulas are in its contract (CONTRACT.md)."
            ),
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The variables the tool reads.
    static let environment: [(String, String)] = [
        ("GALLERY_RENDER_SHARD", "K/N: the shard --shard auto takes, over any CI's variables."),
        ("JOB_COMPLETION_INDEX", "A Kubernetes Indexed Job's index (0-based), for --shard auto/N."),
        ("CIRCLE_NODE_INDEX, CIRCLE_NODE_TOTAL", "CircleCI's parallel jobs (0-based), for --shard auto."),
        ("BUILDKITE_PARALLEL_JOB, BUILDKITE_PARALLEL_JOB_COUNT", "Buildkite's parallel jobs, for --shard auto."),
        ("CI_NODE_INDEX, CI_NODE_TOTAL", "GitLab's parallel jobs (1-based), for --shard auto."),
        ("GITHUB_ACTIONS", "When true, check and merge-reports also print up to 10 failures as ::error annotations."),
        ("GITHUB_STEP_SUMMARY", "A file check and merge-reports append a Markdown job summary to."),
        (
            "TMPDIR",
            "Where check renders its frames before comparing them, and where output for standard output, a device or a FIFO waits until it is whole (default /tmp)."
        ),
        (
            "GALLERY_RENDER_SIMD",
            "none (or sse2, ssse3, avx, avx2): use only the portable code paths (up to that level), which give the same bytes; --version --verbose shows the level in use."
        ),
    ]

    static let examples: [(String, String)] = [
        (
            "One frame of the carousel at offset 120, at @2x:",
            "gallery-render --width 375 --offset 120 --display-scale 2 photos/"
        ),
        ("The layout as JSON, no pixels:", "gallery-render layout --count 20 --offset 340 --snap"),
        ("A fling that snaps, as an APNG:", "gallery-render animate photos/ --fling 1000 --snap -o fling.png"),
        (
            "Record baselines once, then check in CI:",
            "gallery-render check snapshots.json --baseline baselines/ --record\ngallery-render check snapshots.json --baseline baselines/ --report report/ --junit junit.xml"
        ),
        ("Shard 2 of 4 of a batch:", "gallery-render batch snapshots.json --out frames/ --shard 2/4"),
        (
            "One report from sharded checks:",
            "gallery-render merge-reports shard-1/ shard-2/ --report report/ --junit junit.xml"
        ),
    ]

    /// A subsection for one subcommand: its usage, abstract, arguments and options.
    private static func section(name: String, spec: CommandSpec) -> [String] {
        var lines = [
            ".SS \(escaped(name))", ".B \(escaped(spec.usage.replacingOccurrences(of: "\n", with: " ")))", ".PP",
            text(spec.abstract),
        ]
        for argument in spec.arguments {
            lines += [".TP", "\\fI\(escaped(argument.name))\\fR", text(argument.help)]
        }
        for group in spec.optionGroups where !group.options.isEmpty {
            lines += [".PP", ".I \(escaped(group.title.capitalized))"]
            for option in group.options {
                var help = option.help
                if !option.values.isEmpty { help += " Values: \(option.values.joined(separator: ", "))." }
                if let defaultText = option.defaultText { help += " Default: \(defaultText)." }
                lines += [".TP", synopsis(option), text(help)]
            }
        }
        if let discussion = spec.discussion { lines += self.discussion(discussion) }
        return lines
    }

    /// A command's discussion: each line of a paragraph filled (groff wraps it at the reader's width),
    /// one line after another; indented lines (examples, the devices' table) as they are.
    private static func discussion(_ discussion: String) -> [String] {
        var lines: [String] = []
        for paragraph in discussion.split(separator: "\n\n") {
            lines.append(".PP")
            var verbatim = false
            for line in paragraph.split(separator: "\n") {
                let indented = line.hasPrefix(" ")
                if indented != verbatim {
                    lines.append(indented ? ".nf" : ".fi")
                    verbatim = indented
                } else if !indented, lines.last != ".PP" {
                    lines.append(".br")
                }
                // An example command within 80 columns once man indents it by 7 (a table row as it is).
                let command = indented && line.contains("gallery-render ")
                let shown = command ? HelpFormatter.continued(String(line), width: 73) : [String(line)]
                lines += shown.map(escaped)
            }
            if verbatim { lines.append(".fi") }
        }
        return lines
    }

    /// `\fB\-o\fR, \fB\-\-output\fR \fIpath\fR`.
    private static func synopsis(_ option: OptionSpec) -> String {
        let long = "\\fB\\-\\-\(escaped(option.name))\\fR" + (option.valueName.map { " \\fI\(escaped($0))\\fR" } ?? "")
        return option.short.map { "\\fB\\-\($0)\\fR, " + long } ?? long
    }

    /// Running text: escaped, one line (groff fills it).
    private static func text(_ string: String) -> String {
        escaped(string.replacingOccurrences(of: "\n", with: " "))
    }

    /// `string` safe in man(7): backslashes and minus signs escaped, characters beyond ASCII as
    /// groff's `\[uXXXX]` (so `groff -ww` reads it whatever its input encoding), no line starting
    /// with a control character.
    static func escaped(_ string: String) -> String {
        string.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var body = ""
            for scalar in line.unicodeScalars {
                switch scalar {
                case "\\": body += "\\e"
                case "-": body += "\\-"
                case _ where scalar.isASCII: body.unicodeScalars.append(scalar)
                default:
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    body += "\\[u\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)]"
                }
            }
            return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
        }.joined(separator: "\n")
    }
}
