/// `authflow key generate --kty EC [--kid KID] [--output FILE]`.
enum KeyCommand: CLICommand {
    static let spec = CommandSpec(
        "key", summary: "private keys as JWKs (RFC 7517)",
        subcommands: [KeyGenerateCommand.self])
}
