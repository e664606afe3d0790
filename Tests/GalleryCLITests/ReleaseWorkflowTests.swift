import Foundation
import TestSupport
import Testing

/// The release route (.github/workflows/release.yml) checked against GitHub's workflow rules and what a
/// release must do, by Tools/check-workflow.py (PyYAML); skipped, saying so, without python3 or PyYAML.
@Suite struct ReleaseWorkflowTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// (exit status, stderr) of the checker on `workflow`; nil when it cannot run here.
    static func check(_ workflow: String) throws -> (Int32, String)? {
        let probe = try CommandRunner.run(["-c", "import yaml"], executable: "/usr/bin/python3")
        guard probe.status == 0 else {
            print("ReleaseWorkflowTests: skipped, python3 with PyYAML is not installed")
            return nil
        }
        let run = try CommandRunner.run([root + "/Tools/check-workflow.py", workflow], executable: "/usr/bin/python3")
        return (run.status, run.stderr)
    }

    @Test func theReleaseWorkflowIsValidAndDoesWhatAReleaseNeeds() throws {
        guard let (status, errors) = try Self.check(Self.root + "/.github/workflows/release.yml") else { return }
        #expect(status == 0, "\(errors)")
    }

    @Test func theCheckerFindsAWorkflowThatWouldNotRelease() throws {
        let workflow = try String(contentsOfFile: Self.root + "/.github/workflows/release.yml", encoding: .utf8)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let broken = workflow.replacingOccurrences(of: "ubuntu-24.04-arm", with: "ubuntu-24.04")
            .replacingOccurrences(of: "make deb-check", with: "make deb-chek")
            .replacingOccurrences(of: "needs: [deb, image]", with: "needs: [deb, images]")
        let path = try folder.write(Array(broken.utf8), to: "release.yml")
        guard let (status, errors) = try Self.check(path) else { return }
        #expect(status == 1)
        for fault in ["arm runner", "make deb-chek: no such Makefile target", "needs 'images', which is no job"] {
            #expect(errors.contains(fault), "\(errors)")
        }
    }
}
