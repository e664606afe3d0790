/// The contract's exit codes.
enum ExitCode: Int32 {
    case success = 0
    /// render/layout/batch: a failure; diff/check: a difference or a missing baseline.
    case failure = 1
    /// diff/check: could not compare.
    case cannotCompare = 2
    /// A usage error: unknown option, bad value, missing argument. Nothing is written.
    case usage = 64
}
