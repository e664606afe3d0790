import Foundation
import TestSupport
import Testing

@Suite struct LayoutCommandTests {
    @Test func printsTheContractsJSON() throws {
        let run = try CommandRunner.run(["layout", "--count", "20", "--offset", "120"])
        #expect(run.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
        #expect(json["layout"] as? String == "line")
        #expect(json["offset"] as? Double == 120)
        #expect((json["contentSize"] as? [String: Double])?["width"] == 3605)
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items.map { $0["index"] as? Int } == [2, 0, 1])
        #expect(items.map { $0["scale"] as? Double } == [0.72, 1.12, 1.4])
        #expect(items.map { ($0["center"] as? [String: Double])?["x"] } == [407.5, 67.5, 237.5])
        #expect(items.allSatisfy { $0["photo"] is NSNull })
        #expect(run.output.contains(#""scale": 0.72"#))
    }

    @Test func aCardLinePrintsItsBounds() throws {
        // --item-size 160x90: pitch 160 + 112; item 0 at d = 120 has scale 1.12, drawn 179.2 wide.
        let run = try CommandRunner.run(["layout", "--count", "20", "--offset", "120", "--item-size", "160x90"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
        let items = try #require(json["items"] as? [[String: Any]])
        let zero = try #require(items.first { $0["index"] as? Int == 0 })
        #expect(zero["size"] as? Double == 179.2 && zero["scale"] as? Double == 1.12)
        #expect((zero["bounds"] as? [String: Double]) == ["width": 160, "height": 90])
        #expect(zero["transform"] == nil)
        let flow = try CommandRunner.run(["layout", "--count", "4", "--layout", "flow", "--item-size", "100x60"])
        #expect(flow.status == 0 && flow.output.contains(#""bounds": {"width": 100, "height": 60}"#), "\(flow.stderr)")
    }

    @Test func snapReportsTheRestingOffset() throws {
        let run = try CommandRunner.run(["layout", "--count", "20", "--offset", "120", "--snap"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
        #expect(json["offset"] as? Double == 170)
    }

    @Test func offsetsGiveJSONLines() throws {
        let run = try CommandRunner.run(["layout", "--count", "6", "--layout", "grid", "--offsets", "0,50,9999"])
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == 3)
        let offsets = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }.map {
            $0?["offset"] as? Double
        }
        #expect(offsets == [0, 0, 0])  // 2 rows of 117 + 10 fit in 667: nothing to scroll
    }

    @Test func photosAreNamedAsGiven() throws {
        let fixtures = Corpus.repositoryRoot.appendingPathComponent("Fixtures/photos").path
        let run = try CommandRunner.run(["layout", fixtures, "--offset", "170"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
        let items = try #require(json["items"] as? [[String: Any]])
        // Natural order: item 1 is 2.jpg, not 10.jpg.
        #expect(items.last?["photo"] as? String == fixtures + "/2.jpg")
    }

    @Test func helpDocumentsEveryOptionWithItsDefault() throws {
        let run = try CommandRunner.run(["layout", "--help"])
        #expect(run.status == 0)
        for text in ["--item-size <size>", "default: 150", "--deceleration <rate>", "default: 0.6", "--columns <n>"] {
            #expect(run.output.contains(text), "\(text)")
        }
    }
}
