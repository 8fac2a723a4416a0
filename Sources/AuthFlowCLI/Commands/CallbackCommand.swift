/// `authflow callback parse`: the group of callback commands.
enum CallbackCommand: CLICommand {
    static let spec = CommandSpec(
        "callback", summary: "parse and check an authorization redirect (RFC 3986, RFC 8252, RFC 9207)",
        subcommands: [CallbackParseCommand.self])
}
