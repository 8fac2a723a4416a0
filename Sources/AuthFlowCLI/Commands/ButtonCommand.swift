/// `authflow button layout`: the group of button commands.
enum ButtonCommand: CLICommand {
    static let spec = CommandSpec(
        "button", summary: "Sign in with Apple button layout checks",
        subcommands: [ButtonLayoutCommand.self])
}
