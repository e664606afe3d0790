/// A failure that ends a command with a message (one line per problem) and an exit code.
struct CommandFailure: Error, Sendable {
    let messages: [String]
    let code: ExitCode

    init(_ message: String, code: ExitCode = .failure) {
        messages = [message]
        self.code = code
    }

    init(messages: [String], code: ExitCode = .failure) {
        self.messages = messages
        self.code = code
    }
}
