import GalleryCore
import Testing

@testable import GalleryCLI

/// The command line's pure parts, without running the binary: offset lists, shards, JSON text and
/// help layout. Every expected value is written out.
@Suite struct CLIPartsTests {
    /// Every value option of every subcommand is among `DeclaredOptions`, so its value is checked
    /// before any rule between options (a new option group left out of its list would fail here).
    @Test func everyValueOptionIsValidatedFirst() {
        for (name, command) in RootOptions.subcommands {
            for option in command.spec.options where !option.isFlag {
                #expect(DeclaredOptions.all.contains { $0.spec == option }, "\(name) --\(option.name)")
            }
        }
    }

    @Test func offsetRangesIncludeTheEndWhenReached() {
        #expect(OffsetList.parse("0..680/170") == [0, 170, 340, 510, 680])
        #expect(OffsetList.parse("0..100/30") == [0, 30, 60, 90])
        #expect(OffsetList.parse("5..5/1") == [5])
        #expect(OffsetList.parse("-10..10/10") == [-10, 0, 10])
        // 0.1 steps keep their last value despite binary rounding (0.1·3 = 0.30000000000000004).
        #expect(OffsetList.parse("0..0.3/0.1")?.count == 4)
    }

    @Test func offsetListsKeepTheirOrder() {
        #expect(OffsetList.parse("120, 0,340") == [120, 0, 340])
        #expect(OffsetList.parse("7") == [7])
    }

    @Test(arguments: ["", "a", "1,,2", "1..0/1", "0..10/0", "0..10/-1", "0..10", "nan", "0..inf/1", "0..100000/1"])
    func badOffsetListsAreRefused(text: String) {
        #expect(OffsetList.parse(text) == nil)
    }

    @Test func shardsAreParsedAndBounded() {
        #expect(Shard.parse("2/4", environment: [:]) == Shard(index: 2, count: 4))
        #expect(Shard.parse("1/10000", environment: [:]) == Shard(index: 1, count: 10_000))
        for text in ["0/4", "5/4", "1/10001", "2", "a/b", "1/4/2", "auto"] {
            #expect(Shard.parse(text, environment: [:]) == nil, "\(text)")
        }
    }

    @Test func automaticShardsReadEachCI() {
        #expect(
            Shard.parse("auto", environment: ["CI_NODE_INDEX": "3", "CI_NODE_TOTAL": "5"]) == Shard(index: 3, count: 5))
        // Buildkite's and Kubernetes' indices start at 0.
        #expect(
            Shard.parse("auto", environment: ["BUILDKITE_PARALLEL_JOB": "0", "BUILDKITE_PARALLEL_JOB_COUNT": "2"])
                == Shard(index: 1, count: 2))
        #expect(Shard.parse("auto/8", environment: ["JOB_COMPLETION_INDEX": "7"]) == Shard(index: 8, count: 8))
        #expect(Shard.parse("auto", environment: ["JOB_COMPLETION_INDEX": "7"]) == nil)  // total needed
        #expect(
            Shard.parse("auto", environment: ["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "4"])
                == Shard(index: 1, count: 4))
        // A total given with auto must agree with the CI's: 3 shards of 2 jobs would leave one unrun.
        #expect(Shard.parse("auto/6", environment: ["CIRCLE_NODE_INDEX": "5", "CIRCLE_NODE_TOTAL": "4"]) == nil)
        #expect(
            Shard.parse("auto/4", environment: ["CIRCLE_NODE_INDEX": "3", "CIRCLE_NODE_TOTAL": "4"])
                == Shard(index: 4, count: 4))
        #expect(Shard.parse("auto/3", environment: ["GALLERY_RENDER_SHARD": "3/5"]) == nil)
        #expect(Shard.parse("auto/5", environment: ["GALLERY_RENDER_SHARD": "3/5"]) == Shard(index: 3, count: 5))
        #expect(Shard.parse("auto", environment: ["CIRCLE_NODE_INDEX": "4", "CIRCLE_NODE_TOTAL": "4"]) == nil)
        // An empty variable is unset.
        #expect(Shard.parse("auto", environment: ["CI_NODE_INDEX": "", "CI_NODE_TOTAL": "3"]) == nil)
    }

    @Test func theToolsOwnShardVariableWinsOverTheCIs() {
        let ci = ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2", "JOB_COMPLETION_INDEX": "0", "CIRCLE_NODE_INDEX": "1"]
        #expect(
            Shard.parse("auto", environment: ci.merging(["GALLERY_RENDER_SHARD": "3/5"]) { $1 })
                == Shard(index: 3, count: 5))
        #expect(Shard.parse("auto", environment: ["GALLERY_RENDER_SHARD": "6/5"]) == nil)
        #expect(Shard.parse("auto", environment: ["GALLERY_RENDER_SHARD": "auto"]) == nil)
        // Kubernetes before CircleCI, Buildkite and GitLab when several are set.
        #expect(Shard.parse("auto/4", environment: ci) == Shard(index: 1, count: 4))
    }

    @Test func jsonNumbersAreShortAndStable() {
        #expect(JSONValue.format(375) == "375")
        #expect(JSONValue.format(0.72) == "0.72")
        #expect(JSONValue.format(0.7200000000000001) == "0.72")
        #expect(JSONValue.format(-0.5) == "-0.5")
        #expect(JSONValue.format(.nan) == "null")
        #expect(JSONValue.format(2e9) == "2000000000.0")
    }

    @Test func jsonTextIsEscaped() {
        #expect(JSONValue.quote("a\"b\\c\nd\u{1}") == #""a\"b\\c\nd\u0001""#)
        let object = JSONValue.object([("b", .number(1)), ("a", .array([.bool(true), .null]))])
        #expect(object.compact == #"{"b": 1, "a": [true, null]}"#)
    }

    @Test func helpWrapsAt80ColumnsUnderTheOptionName() {
        let spec = CommandSpec(
            commandName: "x", abstract: "A.", arguments: [],
            optionGroups: [
                (
                    "OPTIONS",
                    [
                        Flag("long-flag", help: String(repeating: "word ", count: 20)).spec,
                        Option<Int>("n", value: "count", help: "Short.", defaultText: "3").spec,
                    ]
                )
            ], discussion: nil, usage: "x [options]")
        let lines = HelpFormatter.help(for: spec).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.contains("  --long-flag               word word word word word word word word word word"))
        #expect(lines.contains("  --n <count>               Short. (default: 3)"))
    }

    @Test func tooManyFramesSaysHowMany() {
        #expect(
            OffsetList.reason(refusing: "0..1e9/1")
                == "asks for 1000000001 frames; at most 100000 may be asked for at once")
        #expect(OffsetList.reason(refusing: "1..0/1") == nil)  // a malformed list: the syntax message
        // More than a Double counts (found by review: "asks for null frames").
        #expect(
            OffsetList.reason(refusing: "0..1000000000/1e-300")
                == "asks for more than 100000 frames; at most 100000 may be asked for at once")
    }
}
