/// The `authflow` executable: runs one command against the real terminal and exits with its status.
@main
struct AuthFlowCommand {
    static func main() {
        var terminal = SystemTerminal()
        let status = CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), terminal: &terminal)
        SystemTerminal.exit(status)
    }
}
