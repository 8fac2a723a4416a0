// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The declaration of one command: everything the parser, the help, the usage line and the completion
/// scripts know about it (see ``CLICommand`` for an example).
///
/// Option names are given without dashes (`"client-id"` is `--client-id`); `--help`/`-h` are added to
/// every command by the parser and need not be declared.
struct CommandSpec: Sendable {
    /// The word that selects the command (`"verify"` in `authflow jwt verify`).
    let name: String
    /// One line, lowercase, no final period: shown in command lists and completion descriptions.
    let summary: String
    /// Paragraphs shown by `--help` after the usage line: what is checked, what is not, RFC sections.
    let discussion: String
    /// Options and flags, in the order help lists them.
    let options: [any OptionDeclaration]
    /// Positional operands, in order; at most the last may be repeatable.
    let operands: [any OperandDeclaration]
    /// Subcommands; a command has either subcommands or its own operands, not both.
    let subcommands: [any CLICommand.Type]
    /// Rules across options: at most one of, exactly one of, at least one of.
    let groups: [OptionGroup]
    /// Example command lines shown by `--help` (without the leading `authflow`).
    let examples: [String]
    /// The exit statuses this command can end with, for its help.
    let exitStatuses: [ExitStatus]

    init(
        _ name: String,
        summary: String,
        discussion: String = "",
        options: [any OptionDeclaration] = [],
        operands: [any OperandDeclaration] = [],
        subcommands: [any CLICommand.Type] = [],
        groups: [OptionGroup] = [],
        examples: [String] = [],
        exitStatuses: [ExitStatus] = [.success, .failure, .usage]
    ) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.options = options
        self.operands = operands
        self.subcommands = subcommands
        self.groups = groups
        self.examples = examples
        self.exitStatuses = exitStatuses
    }

    /// The declared option named `name` (without dashes), or nil.
    func option(named name: String) -> OptionInfo? {
        options.lazy.map(\.info).first { $0.name == name }
    }

    /// The declared option with the one-letter name `short`, or nil.
    func option(short: Character) -> OptionInfo? {
        options.lazy.map(\.info).first { $0.short == short }
    }

    /// The subcommand named `name`, or nil.
    func subcommand(named name: String) -> (any CLICommand.Type)? {
        subcommands.first { $0.spec.name == name }
    }
}
