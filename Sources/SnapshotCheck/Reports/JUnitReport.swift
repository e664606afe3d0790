import Foundation

/// JUnit XML for a `check` run: one testcase per frame, failures with their counts. The subset of the
/// schema GitHub (test reporters), GitLab (`artifacts:reports:junit`) and Jenkins all read. A failing
/// frame with an image in `attachments` (by path) carries `[[ATTACHMENT|image]]` in its
/// `<system-out>`, which GitLab shows in the merge request.
public enum JUnitReport {
    /// `incomplete`: why the run does not hold every frame (a merge missing a shard), a failing case
    /// of its own.
    public static func xml(
        _ checks: [FrameCheck], suite: String, seconds: Double, attachments: [String: String] = [:],
        incomplete: String? = nil
    ) -> String {
        let missing = incomplete.map { reason in
            "    <testcase classname=\"merge-reports\" name=\"every shard\" time=\"0\">\n      <failure type=\"incomplete\" message=\"\(XMLText.escape(reason))\">\(XMLText.escape(reason))</failure>\n    </testcase>\n"
        }
        let cases =
            checks.flatMap { check in testCases(check, attachment: attachments[check.path]) }
            + (missing.map { [$0] } ?? [])
        let failures = cases.filter { $0.contains("<failure ") }.count
        let errors = cases.filter { $0.contains("<error ") }.count
        let time = format(seconds)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="gallery-render check" tests="\(cases.count)" failures="\(failures)" errors="\(errors)" time="\(time)">
              <testsuite name="\(XMLText.escape(suite))" tests="\(cases.count)" failures="\(failures)" errors="\(errors)" skipped="0" time="\(time)">

            """ + cases.joined() + "  </testsuite>\n</testsuites>\n"
    }

    /// The frame's testcase, then one per failed expectation (`NAME.png expect[0]`): each is a failure
    /// of its own, and a frame that failed by its expectations alone passes as a frame.
    private static func testCases(_ check: FrameCheck, attachment: String?) -> [String] {
        let open =
            "    <testcase classname=\"\(XMLText.escape(check.scene))\" name=\"\(XMLText.escape(check.path))\" time=\"\(format(check.seconds))\""
        let expectations = check.expectationFailures.map { failure in
            let name = check.path + " " + (failure.split(separator: ":").first.map(String.init) ?? "expect")
            return
                "    <testcase classname=\"\(XMLText.escape(check.scene))\" name=\"\(XMLText.escape(name))\" time=\"0\">\n      <failure type=\"expectation\" message=\"\(XMLText.escape(failure))\">\(XMLText.escape(failure))</failure>\n    </testcase>\n"
        }
        switch check.status {
        case _ where check.failsOnlyByExpectations, .passed, .recorded:
            return [open + "/>\n"] + expectations
        case .unreadable:
            return [
                open
                    + ">\n      <error type=\"unreadable\" message=\"\(XMLText.escape(check.message))\"/>\n    </testcase>\n"
            ]
        default:
            let type = check.status.label.replacingOccurrences(of: " ", with: "-")
            let attachment = attachment.map { "      <system-out>[[ATTACHMENT|\(XMLText.escape($0))]]</system-out>\n" }
            return [
                open
                    + ">\n      <failure type=\"\(type)\" message=\"\(XMLText.escape(check.message))\">\(XMLText.escape(check.message))</failure>\n"
                    + (attachment ?? "") + "    </testcase>\n"
            ] + expectations
        }
    }

    private static func format(_ seconds: Double) -> String {
        let millis = Int((seconds * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
