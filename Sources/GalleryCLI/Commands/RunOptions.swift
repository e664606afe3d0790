import Foundation
import GalleryCore

/// How a rendering run behaves, for `render`, `batch` and `check` alike.
struct RunOptions: OptionGroup {
    static let declared = RunOptions()

    let jobs = Option<Int>(
        "jobs", value: "n", help: "Worker threads.", defaultText: "number of cores", check: .whole(1...1024))
    let quiet = Flag("quiet", help: "No progress and no warnings on standard error.")

    /// `--help`, which every command takes.
    static let help = Flag("help", short: "h", help: "Show help information.")

    /// The worker count: --jobs, or the number of cores.
    static func jobs(_ source: any OptionSource) throws(UsageError) -> Int {
        try source.read(declared.jobs) ?? Processors.count
    }
}
