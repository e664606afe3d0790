import Foundation
import TestSupport
import Testing

/// The page layouts through the command line: `layout` prints progress, transform, alpha, zIndex and
/// a parallax card's content offset; motions end on pages; the options they do not take are refused.
@Suite struct PageLayoutCommandTests {
    static func items(_ arguments: [String]) throws -> [[String: Any]] {
        let run = try CommandRunner.run(["layout", "--count", "6", "--width", "390", "--height", "844"] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
        return try #require(json["items"] as? [[String: Any]])
    }

    @Test func layoutPrintsEachItemsProgressAndAttributes() throws {
        // Offset 253.5: item 0 at p = −0.65, item 1 at 0.35.
        let items = try Self.items(["--layout", "page-parallax", "--offset", "253.5"])
        let one = try #require(items.first { $0["index"] as? Int == 1 })
        #expect(one["progress"] as? Double == 0.35 || abs((one["progress"] as? Double ?? 0) - 0.35) < 1e-12)
        #expect((one["contentOffset"] as? [String: Double])?["y"] == 0)
        #expect(abs(((one["contentOffset"] as? [String: Double])?["x"] ?? 0) + 68.25) < 1e-9)
        #expect(one["transform"] is [Double] && one["alpha"] as? Double == 1)
        let page = try Self.items(["--layout", "page-page", "--offset", "253.5"])
        #expect(page.map { $0["index"] as? Int } == [0, 1] && page.last?["zIndex"] as? Double == 1)
    }

    @Test func aFlingEndsOnAPageWithoutAskingForPaging() throws {
        let run = try CommandRunner.run([
            "layout", "--count", "6", "--layout", "page-cube", "--offset", "100", "--fling", "400", "--fps", "30",
        ])
        let last = try #require(run.output.split(separator: "\n").last)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(json["offset"] as? Double == 375)
    }

    @Test func pageLayoutsTweenToEachOtherAndTurn() throws {
        func lines(_ arguments: [String]) throws -> [[String: Any]] {
            let run = try CommandRunner.run(["layout", "--count", "6", "--fps", "10"] + arguments)
            #expect(run.status == 0, "\(run.stderr)")
            return try run.output.split(separator: "\n").map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
        }
        let toggle = try lines(["--layout", "page-cube", "--to-layout", "paging-scale", "--offset", "600"])
        #expect(toggle.count == 4 && toggle.last?["layout"] as? String == "paging-scale")
        #expect(toggle.allSatisfy { $0["offset"] as? Double == 600 })
        let turn = try lines(["--layout", "page-page", "--rotate", "--offset", "750"])
        #expect(turn.last?["offset"] as? Double == 1334, "page 2 stays page 2")
        // Deleting page 2 of the linear card: it fades in place, page 3 slides in and takes its place
        // (centre 187.5, the centred card's scale 0.7 and alpha 1).
        let delete = try lines(["--layout", "page-linear-card", "--delete", "2", "--offset", "750"])
        let first = try #require(delete.first?["items"] as? [[String: Any]])
        let last = try #require(delete.last?["items"] as? [[String: Any]])
        #expect(first.contains { $0["index"] as? Int == 2 && ($0["center"] as? [String: Double])?["x"] == 187.5 })
        let taken = try #require(last.first { $0["index"] as? Int == 3 })
        #expect((taken["center"] as? [String: Double])?["x"] == 187.5 && taken["alpha"] as? Double == 1)
        #expect((taken["transform"] as? [Double])?.first == 0.7)
        #expect(last.first { $0["index"] as? Int == 2 }?["alpha"] as? Double ?? 0 == 0)
    }

    @Test func whatThePageLayoutsDoNotTakeIsRefused() throws {
        let cases: [([String], String)] = [
            (["--layout", "page-cube", "--item-size", "100"], "--item-size does not apply to page-cube"),
            (["--page-inset", "10"], "--page-inset applies to the page layouts"),
            (["--layout", "page-cube", "--to-layout", "flow"], "the page layouts do not animate a change to flow"),
            (["--to-layout", "page-cube"], "the page layouts do not animate a change to page-cube"),
            // A page layout's default viewport is 375 wide and taller: a card's inset is under 187.5.
            (["--layout", "page-cube", "--page-inset", "500"], "must be at least 0 and less than 187.5, not 500"),
            (["--layout", "page-cube", "--page-inset", "187.5"], "less than 187.5, not 187.5"),
        ]
        for (arguments, message) in cases {
            let run = try CommandRunner.run(["layout", "--count", "6"] + arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }
}

/// `--layout paging-scale` through the command line: presets, their shadows and blur in `layout`, the
/// same APNG bytes whatever `--jobs`, and the options it refuses.
@Suite struct PagingScaleCommandTests {
    @Test func layoutPrintsEachCardsShadowAndBlur() throws {
        // Offset 253.5: item 0 at p = −0.65, item 1 at 0.35; every card centred on the viewport.
        let items = try PageLayoutCommandTests.items([
            "--layout", "paging-scale", "--paging-preset", "blur", "--offset", "253.5",
        ])
        #expect(items.map { $0["index"] as? Int } == [0, 1], "zIndex −1 first")
        let one = try #require(items.last)
        #expect((one["center"] as? [String: Double]) == ["x": 195, "y": 422])
        let shadow = try #require(one["shadow"] as? [String: Any])
        // Foundation's JSON reader is not exact in the last bit.
        #expect(abs((shadow["opacity"] as? Double ?? 0) - Double(Float(0.1))) < 1e-15)
        #expect(abs((shadow["radius"] as? Double ?? 0) - 13 * 0.65) < 1e-9)
        let blur = try #require(one["blur"] as? [String: Any])
        #expect(abs((blur["fraction"] as? Double ?? 0) - 0.2 * 0.35) < 1e-12)
        let cylinder = try PageLayoutCommandTests.items([
            "--layout", "paging-scale", "--paging-preset", "cylinder", "--offset", "253.5",
        ])
        #expect(cylinder.allSatisfy { $0["shadow"] == nil && $0["blur"] == nil })
    }

    @Test func aBlurredShadowedFlingIsTheSameBytesOnAnyJobs() throws {
        let folder = try TemporaryFolder()
        var outputs: [Data] = []
        for jobs in ["1", "2"] {
            let path = folder.file("fling\(jobs).png")
            let run = try CommandRunner.run([
                "animate", "--count", "4", "--layout", "paging-scale", "--paging-preset", "blur", "--width", "120",
                "--height", "200", "--display-scale", "1", "--shape", "rounded", "--fling", "600", "--fps", "20",
                "--jobs", jobs, "-o", path,
            ])
            #expect(run.status == 0, "\(run.stderr)")
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #expect(outputs[0] == outputs[1] && !outputs[0].isEmpty)
    }

    @Test func whatPagingScaleDoesNotTakeIsRefused() throws {
        let cases: [([String], String)] = [
            (["--paging-preset", "blur"], "--paging-preset applies to --layout paging-scale, not line"),
            (["--layout", "paging-scale", "--paging-preset", "spiral"], "--paging-preset"),
            (
                ["--layout", "paging-scale", "--shadow-radius", "4"],
                "--shadow-radius does not apply to paging-scale --paging-preset default"
            ),
            (["--shadow-offset", "1"], "--shadow-offset"),
            (["--shadow-opacity", "2"], "--shadow-opacity"),
        ]
        for (arguments, message) in cases {
            let run = try CommandRunner.run(["layout", "--count", "6"] + arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        let cylinder = try CommandRunner.run([
            "layout", "--count", "6", "--layout", "paging-scale", "--paging-preset", "cylinder", "--shadow-opacity",
            "0.5",
        ])
        #expect(cylinder.status == 0, "a preset without a shadow leaves the layer's: \(cylinder.stderr)")
    }
}

/// `--layout compositional` through the command line.
@Suite struct CompositionalCommandTests {
    @Test func aFastFlickMovesOneGroup() throws {
        let run = try CommandRunner.run([
            "layout", "--count", "10", "--layout", "compositional", "--width", "390", "--scrolling",
            "group-paging-centered", "--fling", "800", "--fps", "10",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let last = try #require(run.output.split(separator: "\n").last)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(json["offset"] as? Double == 322)
    }

    @Test func itsOptionsAreItsOwn() throws {
        let cases: [([String], String)] = [
            (["--scrolling", "paging"], "--scrolling applies to --layout compositional, not line"),
            (["--layout", "compositional", "--paging"], "give --scrolling paging"),
            (["--layout", "compositional", "--item-size", "100", "--group-width-fraction", "0.5"], "--item-size"),
            (["--layout", "compositional", "--content-insets", "1,2,3"], "T,L,B,R"),
            (["--layout", "compositional", "--invalidation-scale", "1,0.5"], "MIN,MAX"),
            (["--layout", "compositional", "--content-insets", "0,200,0,200"], "--content-insets"),
            (["--layout", "compositional", "--rotate"], "--rotate turns a full-screen collection view"),
        ]
        for (arguments, message) in cases {
            let run = try CommandRunner.run(["layout", "--count", "5"] + arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }
}
