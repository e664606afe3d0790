import Foundation

/// JUnit XML for a `check` run: one testcase per frame, failures with their counts. The subset of the
/// schema GitHub (test reporters), GitLab (`artifacts:reports:junit`) and Jenkins all read. A failing
/// frame with an image in `attachments` (by path) carries `[[ATTACHMENT|image]]` in its
/// `<system-out>`, which GitLab shows in the merge request.
public enum JUnitReport {
    public static func xml(
        _ checks: [FrameCheck], suite: String, seconds: Double, attachments: [String: String] = [:]
    ) -> String {
        let failures = checks.filter { $0.failed && $0.status != .unreadable }.count
        let errors = checks.filter { $0.status == .unreadable }.count
        let time = format(seconds)
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="gallery-render check" tests="\(checks.count)" failures="\(failures)" errors="\(errors)" time="\(time)">
              <testsuite name="\(XMLText.escape(suite))" tests="\(checks.count)" failures="\(failures)" errors="\(errors)" skipped="0" time="\(time)">

            """
        for check in checks {
            let open =
                "    <testcase classname=\"\(XMLText.escape(check.scene))\" name=\"\(XMLText.escape(check.path))\" time=\"\(format(check.seconds))\""
            switch check.status {
            case .passed, .recorded:
                xml += open + "/>\n"
            case .unreadable:
                xml +=
                    open
                    + ">\n      <error type=\"unreadable\" message=\"\(XMLText.escape(check.message))\"/>\n    </testcase>\n"
            default:
                let type = check.status.label.replacingOccurrences(of: " ", with: "-")
                let attachment = attachments[check.path].map {
                    "      <system-out>[[ATTACHMENT|\(XMLText.escape($0))]]</system-out>\n"
                }
                xml +=
                    open
                    + ">\n      <failure type=\"\(type)\" message=\"\(XMLText.escape(check.message))\">\(XMLText.escape(check.message))</failure>\n"
                    + (attachment ?? "") + "    </testcase>\n"
            }
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }

    private static func format(_ seconds: Double) -> String {
        let millis = Int((seconds * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
