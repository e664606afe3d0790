import Foundation
import TestSupport
import Testing

/// `--safe-area` on the command line: the default offset −top, the layout's contentInset, what it
/// refuses, and `--device list`.
@Suite struct SafeAreaCommandTests {
    @Test func theDefaultOffsetShowsTheTop() throws {
        let run = try CommandRunner.run([
            "layout", "--layout", "grid", "--device", "iphone-15", "--safe-area", "--count", "9",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.output.contains(#""offset": -59"#))
        #expect(run.output.contains(#""contentInset": {"top": 59, "bottom": 34}"#))
        let explicit = try CommandRunner.run([
            "layout", "--layout", "grid", "--device", "iphone-15", "--safe-area", "--count", "60", "--offset", "0",
        ])
        #expect(explicit.output.contains(#""offset": 0,"#))
        let plain = try CommandRunner.run(["layout", "--layout", "grid", "--device", "iphone-15", "--count", "9"])
        #expect(!plain.output.contains("contentInset"))
    }

    /// Pages sit at k × 852 on an iPhone 15's grid, clamped to the range from −59; a rotation takes
    /// the other orientation's insets.
    @Test func pagesSitAtMultiplesOfThePageAndARotationTurnsTheInsets() throws {
        // The contract's k·P clamped to the range (−59…), as UIKit pages whatever the inset: from the
        // default −59, round(−59/852) = 0; from 500, round(500/852) = 1: 852.
        let base = ["layout", "--layout", "grid", "--device", "iphone-15", "--safe-area", "--count", "40"]
        #expect(try CommandRunner.run(base + ["--paging"]).output.contains(#""offset": 0,"#))
        #expect(try CommandRunner.run(base + ["--paging", "--offset", "500"]).output.contains(#""offset": 852,"#))
        let turned = try CommandRunner.run(base + ["--rotate"])
        #expect(turned.status == 0, "\(turned.stderr)")
        let lines = turned.output.split(separator: "\n")
        #expect(lines.first?.contains(#""contentInset": {"top": 59, "bottom": 34}"#) == true)
        #expect(lines.last?.contains(#""contentInset": {"top": 0, "bottom": 21}"#) == true)
    }

    /// Turning to portrait at the top keeps the top (−59 below the status bar); full-page cards keep
    /// their page, at k × the page as paging rests (page 2: 786 in portrait, 2 × 852 in landscape: a
    /// page layout takes the device's height as well as its width).
    @Test func aTurnAtTheTopStaysAtTheTopAndPagesStayPages() throws {
        let grid = try CommandRunner.run([
            "layout", "--layout", "grid", "--device", "iphone-15", "--landscape", "--safe-area", "--rotate",
            "--count", "40",
        ])
        #expect(grid.output.split(separator: "\n").last?.contains(#""offset": -59,"#) == true)
        let pages = try CommandRunner.run([
            "layout", "--layout", "page-cube", "--device", "iphone-15", "--safe-area", "--offset", "786", "--rotate",
            "--count", "6",
        ])
        #expect(pages.output.split(separator: "\n").last?.contains(#""offset": 1704,"#) == true)
        #expect(
            pages.output.split(separator: "\n").first?.contains(#""viewport": {"width": 393, "height": 852}"#) == true)
    }

    @Test func itNeedsADeviceAndAScrollView() throws {
        let alone = try CommandRunner.run(["layout", "--count", "3", "--safe-area"])
        #expect(alone.status == 64 && alone.stderr.contains("--safe-area") && alone.stderr.contains("--device"))
        let carousel = try CommandRunner.run([
            "layout", "--count", "3", "--layout", "rotary", "--device", "iphone-15", "--safe-area",
        ])
        #expect(carousel.status == 64 && carousel.stderr.contains("not a scroll view"))
    }

    @Test func deviceListPrintsTheInsets() throws {
        let run = try CommandRunner.run(["--device", "list"])
        #expect(
            run.output.contains("  iphone-16-pro       402×874 pt @3x     62,0,34,0 / 0,62,20,62\n"), "\(run.output)")
        // Help's width (found by review: rows of 95 characters).
        #expect(run.output.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(run.output)")
    }
}
