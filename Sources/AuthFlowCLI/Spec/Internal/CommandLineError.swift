/// A usage error found while parsing, with the command path reached (for "run 'authflow help …'").
struct CommandLineError: Error {
    let path: [String]
    let message: String
}
