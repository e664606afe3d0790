import Foundation
import TestSupport
import Testing

/// A damaged HEIC through the binary, run after run: the same PNG each time.
@Suite(.timeLimit(.minutes(1))) struct DamagedHEICTests {
    @Test func aDamagedHEICRendersTheSameEveryRun() throws {
        // A reviewer's bit-flipped 640×480 photo. libavcodec refuses it and libde265 decodes it, reading
        // memory it never wrote (valgrind): with what libavcodec had freed there, every run differed
        // in ~32 pixels until libde265's decodes ran with glibc's M_PERTURB.
        let photo = Corpus.repositoryRoot.appendingPathComponent(
            "Fuzz/regressions/fuzz-heif/damaged-libde265-uninitialised.heic"
        ).path
        let arguments = [
            "--layout", "flow", "--item-size", "640", "--width", "640", "--height", "640", "--count", "1",
            "--shape", "rounded", "--corner-radius", "0", "--content-mode", "aspect-fit", "--quiet", photo, "-o", "-",
        ]
        var outputs: Set<[UInt8]> = []
        for _ in 0..<4 {
            let run = try CommandRunner.run(arguments)
            #expect(run.status == 0, "\(run.stderr)")
            outputs.insert(run.stdout)
        }
        #expect(outputs.count == 1)
    }
}
