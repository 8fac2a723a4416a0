/// `authflow pkce generate [--length N]` and `authflow pkce challenge VERIFIER|-`.
enum PKCECommand: CLICommand {
    static let spec = CommandSpec(
        "pkce", summary: "PKCE code verifiers and S256 challenges (RFC 7636)",
        subcommands: [PKCEGenerateCommand.self, PKCEChallengeCommand.self])
}
