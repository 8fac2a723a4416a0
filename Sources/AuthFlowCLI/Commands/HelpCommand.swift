// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// `authflow help [COMMAND [SUBCOMMAND]]`: the help of `authflow` or of one command, generated from the
/// declarations (the same text as `COMMAND --help`).
enum HelpCommand: CLICommand {
    static let topic = Operand<String>(
        "COMMAND", help: "the command (and subcommand) to explain", optional: true, repeatable: true, completion: Completion.none)

    static let spec = CommandSpec(
        "help", summary: "show the help of authflow or of a command",
        operands: [topic],
        examples: ["help", "help jwt verify"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        try writeHelp(for: arguments.operands(Self.topic), terminal: &terminal)
    }

    /// Writes the help for `path` (empty: the top level) to standard output.
    static func writeHelp(for path: [String], terminal: inout some Terminal) throws(CLIError) {
        guard !path.isEmpty else {
            terminal.write(HelpText.topLevel(commands: CLI.commands, version: CLI.version), to: .standardOutput)
            return
        }
        guard let command = CLI.command(at: path) else {
            let known =
                path.count == 1
                ? CLI.commands.map { $0.spec.name } : (CLI.command(at: Array(path.dropLast()))?.spec.subcommands.map { $0.spec.name } ?? [])
            throw .usage(
                "no help for '\(path.joined(separator: " "))': no such command" + Suggestion.didYouMean(path.last ?? "", among: known))
        }
        terminal.write(HelpText.command(command.spec, path: path), to: .standardOutput)
    }
}
