import Foundation
@testable import GalleryCLI
import TestSupport
import Testing

/// The man page and the completion scripts, generated from the declarations and checked by the real
/// tools: groff, bash, zsh and fish (each test skips, saying so, where its tool is missing; .ci/run
/// installs them).
@Suite struct ManualAndCompletionTests {
    static func has(_ tool: String) -> Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/\(tool)") }

    func generated(_ arguments: [String]) throws -> String {
        let run = try CommandRunner.run(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        return run.output
    }

    /// A shell's one-line description is the help's first sentence, never cut inside parentheses
    /// (found by review: zsh showed "--paging[… (line, grid, flow]").
    @Test func aSummaryIsTheFirstSentenceOutsideParentheses() {
        #expect(
            CompletionValue.summary("Paging (line, grid; pages): rests on a page; or not.")
                == "Paging (line, grid; pages): rests on a page")
        #expect(CompletionValue.summary("A size (160x90. Or 120). More.") == "A size (160x90. Or 120)")
        #expect(CompletionValue.summary("Viewport width in points.") == "Viewport width in points")
        #expect(CompletionValue.summary(SceneOptions.declared.layout.spec.help) == "The layout the items are drawn in")
    }

    @Test func theManPageListsEveryDeclaredOption() throws {
        let page = try generated(["--generate-manual"])
        for (name, spec) in CompletionShell.commands {
            #expect(page.contains(".SS \(ManPage.escaped(name))"), "\(name)")
            for option in spec.options {
                #expect(page.contains("\\fB\\-\\-\(ManPage.escaped(option.name))\\fR"), "\(name) --\(option.name)")
            }
        }
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "EXIT STATUS", "ENVIRONMENT", "EXAMPLES"] {
            #expect(page.contains(".SH \(section)\n"), "\(section)")
        }
        #expect(page.contains("JOB_COMPLETION_INDEX") && page.contains("GITHUB_ACTIONS"))
        #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test(.enabled(if: has("groff"), "needs groff (Debian's groff-base) to check the man page"))
    func groffReadsTheManPageWithoutAWarning() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Array(try generated(["--generate-manual"]).utf8), to: "gallery-render.1")
        let groff = try CommandRunner.run(
            ["groff", "-ww", "-z", "-man", "gallery-render.1"], in: folder.path, executable: "/usr/bin/env")
        #expect(groff.status == 0 && groff.stderr.isEmpty, "\(groff.stderr)")
    }

    @Test func everyShellIsOffered() throws {
        let bad = try CommandRunner.run(["--generate-completion-script", "tcsh"])
        #expect(bad.status == 64 && bad.stderr.contains("bash, zsh, fish"), "\(bad.stderr)")
        // The root's options take `=` as others do, and help wins over them (found by review).
        let joined = try CommandRunner.run(["--generate-completion-script=zsh"])
        #expect(joined.status == 0 && joined.output.hasPrefix("#compdef gallery-render"), "\(joined.stderr)")
        let verbose = try CommandRunner.run(["--verbose"])
        #expect(verbose.status == 64 && verbose.stderr.contains("--verbose goes with --version"), "\(verbose.stderr)")
        for arguments in [["--version", "--help"], ["--help", "--version"]] {
            let help = try CommandRunner.run(arguments)
            #expect(help.status == 0 && help.output.contains("SUBCOMMANDS"), "\(arguments): \(help.stderr)")
        }
    }

    @Test(arguments: CompletionShell.allCases)
    func eachShellParsesItsScript(_ shell: CompletionShell) throws {
        guard Self.has(shell.rawValue) else {
            print("skipped: \(shell.rawValue) is not installed (.ci/run installs it)")
            return
        }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Array(try generated(["--generate-completion-script", shell.rawValue]).utf8), to: "script")
        let check = try CommandRunner.run(
            [shell.rawValue, "-n", "script"], in: folder.path, executable: "/usr/bin/env")
        #expect(check.status == 0, "\(shell): \(check.stderr)")
    }

    @Test(.enabled(if: has("bash"), "needs bash"))
    func bashCompletesOptionsAndTheirValues() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Array(try generated(["--generate-completion-script", "bash"]).utf8), to: "completion.bash")
        try folder.write(Array("x".utf8), to: "photo-a.png")
        // COMP_WORDS and COMP_CWORD as bash sets them for `gallery-render --lay<TAB>` and so on.
        let script = """
            source completion.bash
            complete() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _gallery_render; echo "${COMPREPLY[*]}"; }
            complete gallery-render --lay
            complete gallery-render --layout ""
            complete gallery-render animate --to-layout ""
            complete gallery-render an
            complete gallery-render render photo-
            complete gallery-render check m.json --record-m
            complete gallery-render --generate-c
            complete gallery-render --generate-completion-script ""
            complete gallery-render help ""
            complete gallery-render help diff ""
            complete gallery-render --generate-m
            complete gallery-render help
            """
        let run = try CommandRunner.run(["bash", "-c", script], in: folder.path, executable: "/usr/bin/env")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.output.split(separator: "\n", omittingEmptySubsequences: false).prefix(12).map(String.init) == [
                "--layout", Self.layouts, Self.layouts, "animate", "photo-a.png", "--record-missing",
                "--generate-completion-script", "bash zsh fish", Self.subcommands,
                // Nothing after `help diff` (found by review: the folder's files).
                "",
                // Hidden from help, so from completion too, as swift-argument-parser's (found by review).
                "",
                // `help` itself, still being typed (found by the verifier: nothing).
                "help",
            ], "\(run.output)")
    }

    /// zsh's specs reach `_arguments` and `_describe` with their apostrophes, colons and brackets
    /// (found by review: all were dropped, "pixelmatch s", "line  the horizontal carousel"). Both are
    /// stubbed to print what the script passes them, as zsh's own parsing of the script gives it.
    @Test(.enabled(if: has("zsh"), "needs zsh"))
    func zshPassesDescriptionsWhole() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Array(try generated(["--generate-completion-script", "zsh"]).utf8), to: "_gallery_render")
        let script = """
            _arguments() { print -rl -- "$@" }; _describe() { print -rl -- "${(@P)4}" }; _files() { }
            source ./_gallery_render > /dev/null
            words=(gallery-render an); CURRENT=2; _gallery_render
            words=(gallery-render render --cap); CURRENT=3; _gallery_render
            words=(gallery-render help ''); CURRENT=3; _gallery_render
            """
        let run = try CommandRunner.run(["zsh", "-f", "-c", script], in: folder.path, executable: "/usr/bin/env")
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("diff:Compare two PNGs with pixelmatch's perceptual measure"), "\(run.output)")
        // `help <TAB>` offers the subcommands (found by review: files), and no root option is hidden help's.
        #expect(lines.filter { $0 == "diff:Compare two PNGs with pixelmatch's perceptual measure" }.count == 2)
        #expect(lines.contains("help:Show subcommand help information") && !run.output.contains("generate-manual"))
        #expect(
            lines.contains { $0.hasPrefix("--layout[The layout the items are drawn in]:layout:(line ") },
            "\(run.output)")
        #expect(
            lines.contains {
                $0.hasPrefix("--caption[Label every item, as a cell's UILabel: {name} is the photo's file name")
            }, "\(run.output)")
    }

    /// The zsh script works both ways people load one: sourced after compinit (found by review:
    /// "_arguments: can only be called from completion function", nothing registered) and
    /// autoloaded from `$fpath` as `_gallery-render`.
    @Test(.enabled(if: has("zsh"), "needs zsh"))
    func zshScriptCanBeSourcedOrAutoloaded() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Array(try generated(["--generate-completion-script", "zsh"]).utf8), to: "_gallery-render")
        let sourced = try CommandRunner.run(
            [
                "zsh", "-f", "-c",
                "autoload -U compinit; compinit -u -D; source ./_gallery-render; print -r -- $_comps[gallery-render]",
            ],
            in: folder.path, executable: "/usr/bin/env")
        #expect(sourced.status == 0 && sourced.stderr.isEmpty, "\(sourced.stderr)")
        #expect(sourced.output == "_gallery_render\n", "\(sourced.output)")
        let autoloaded = try CommandRunner.run(
            [
                "zsh", "-f", "-c",
                "fpath=($PWD $fpath); autoload -U compinit; compinit -u -D; print -r -- $_comps[gallery-render]",
            ],
            in: folder.path, executable: "/usr/bin/env")
        #expect(autoloaded.status == 0 && autoloaded.output == "_gallery-render\n", "\(autoloaded.stderr)")
    }

    static let subcommands = "render layout batch diff check merge-reports animate accept"

    static let layouts =
        "line grid flow linear rotary inverted-rotary cylinder inverted-cylinder wheel inverted-wheel coverflow coverflow2 time-machine inverted-time-machine page-cube page-linear-card page-page page-parallax page-rotate-in-out page-zoom-in-out page-cross-fade page-snap-in paging-scale compositional"

    @Test(.enabled(if: has("fish"), "needs fish"))
    func fishCompletesOptionsAndTheirValues() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Array(try generated(["--generate-completion-script", "fish"]).utf8), to: "completion.fish")
        let run = try CommandRunner.run(
            [
                "fish", "--no-config", "-c",
                "source completion.fish; complete -C 'gallery-render --lay'; complete -C 'gallery-render batch m.json --sh'; complete -C 'gallery-render --generate-c'; complete -C 'gallery-render --generate-completion-script '; complete -C 'gallery-render help '; complete -C 'gallery-render --generate-m'; echo END; complete -C 'gallery-render help diff '; complete -C 'gallery-render help help '; echo END; complete -C 'gallery-render animate --caption help --fp'; echo AND; complete -C 'gallery-render ph help --lay'",
            ], in: folder.path, executable: "/usr/bin/env")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.output.hasPrefix("--layout\t") && run.output.contains("\n--shard\t"), "\(run.output)")
        // The root's own options, and the shells (found by review: neither was offered).
        #expect(run.output.contains("\n--generate-completion-script\t"), "\(run.output)")
        #expect(run.output.contains("\nbash") && run.output.contains("\nzsh"), "\(run.output)")
        // `help <TAB>`: the subcommands, not files nor render's options; no hidden option.
        #expect(run.output.contains("\nmerge-reports\n") && !run.output.contains("generate-manual"), "\(run.output)")
        // `help diff <TAB>`, `help help <TAB>`: nothing more (found by review: the subcommands again,
        // and diff's options); `help` elsewhere on the line changes nothing (found by the verifier:
        // `animate --caption help --fp` offered nothing).
        #expect(run.output.contains("END\nEND\n--fps\t"), "\(run.output)")
        #expect(run.output.contains("AND\n--layout\t"), "\(run.output)")
    }
}
