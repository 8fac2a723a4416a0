// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The dispatcher: parses the arguments against the declared commands (``CLICommand``), runs the
/// command, and maps errors to exit statuses (``ExitStatus``: 0 success, 1 failure, 2 bad usage,
/// 3 login denied or cancelled). Errors go to standard error as `authflow: message`; a failed write to
/// standard output is an error too.
enum CLI {
    /// The version `authflow --version` prints.
    static let version = "0.1.0-dev"

    /// Every top-level command, ONE PER LINE, in the order `authflow help` lists them.
    static var commands: [any CLICommand.Type] {
        [
            SHA256Command.self,
            HMACCommand.self,
            Base64URLCommand.self,
            PKCECommand.self,
            JWTCommand.self,
            KeyCommand.self,
            CallbackCommand.self,
            ButtonCommand.self,
            LoginCommand.self,
            TokenCommand.self,
            IDTokenCommand.self,
            IntrospectCommand.self,
            UserinfoCommand.self,
            LogoutCommand.self,
            LogoutTokenCommand.self,
            WebFingerCommand.self,
            StatusCommand.self,
            ProviderCommand.self,
            DemoCommand.self,
            CompletionCommand.self,
            HelpCommand.self,
        ]
    }

    /// Runs the command named by `arguments` (without the program name) and returns the exit status.
    static func run(arguments: [String], terminal: inout some Terminal) -> Int32 {
        var status = ExitStatus.success.code
        var path: [String] = []
        do throws(CLIError) {
            let outcome: CommandLineParser.Outcome
            do {
                outcome = try CommandLineParser.parse(arguments, commands: commands)
            } catch {
                path = error.path
                throw .usage(error.message)
            }
            switch outcome {
            case .help(let helpPath):
                try HelpCommand.writeHelp(for: helpPath, terminal: &terminal)
            case .version:
                // The HTTP stack too: only the AsyncHTTPClient build trusts a --ca-file on Linux.
                terminal.write("authflow \(version)\(HTTPStack.installed.map { " (HTTP: \($0.name))" } ?? "")\n", to: .standardOutput)
            case .run(let command, let parsed):
                path = parsed.path
                try command.run(parsed, terminal: &terminal)
            }
        } catch {
            terminal.write("authflow: \(error.message)\n", to: .standardError)
            if case .usage = error {
                terminal.write("run 'authflow \((["help"] + path).joined(separator: " "))' for usage\n", to: .standardError)
            }
            status = error.exitStatus
        }
        do throws(CLIError) {
            try terminal.finishWriting()
        } catch {
            terminal.write("authflow: \(error.message)\n", to: .standardError)
            if status == ExitStatus.success.code { status = error.exitStatus }
        }
        return status
    }

    /// The command at `path` (`["jwt", "verify"]`), or nil when no command has that path.
    static func command(at path: [String]) -> (any CLICommand.Type)? {
        guard let first = path.first, var command = commands.first(where: { $0.spec.name == first }) else { return nil }
        for name in path.dropFirst() {
            guard let next = command.spec.subcommand(named: name) else { return nil }
            command = next
        }
        return command
    }
}
