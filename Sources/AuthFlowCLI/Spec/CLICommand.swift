// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A command of `authflow`, declared once: its ``spec`` says what it accepts, and parsing, `--help`,
/// `authflow help`, usage lines, "did you mean" suggestions, completion scripts and Docs/CLI.md checks
/// are all derived from that declaration.
///
/// Declare the options and operands as static constants of the command, list them in the spec, and
/// read them back, typed, from the ``ParsedArguments`` that ``run(_:terminal:)`` receives. Write
/// `Self.name` when reading, so that a local `let name = …` can share the option's name:
///
/// ```swift
/// enum GreetCommand: CLICommand {
///     static let name = Option<String>("name", value: "NAME", help: "who to greet", required: true)
///     static let times = Option<Int>("times", value: "N", help: "how many greetings (default 1)")
///     static let shout = Flag("shout", help: "greet in capitals")
///     static let file = Operand<String>("FILE", help: "where to write", optional: true, completion: .file)
///
///     static let spec = CommandSpec(
///         "greet", summary: "print a greeting",
///         options: [name, times, shout], operands: [file])
///
///     static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
///         let name = try arguments.required(Self.name)    // String
///         let times = arguments.value(Self.times) ?? 1     // Int, already checked by the parser
///         let loud = arguments.isSet(Self.shout)           // Bool
///         let file = arguments.operand(Self.file)          // String?
///         …
///     }
/// }
/// ```
///
/// A command with subcommands (`authflow jwt decode|verify`) lists them in
/// ``CommandSpec/subcommands`` and keeps the default ``run(_:terminal:)``, which is never reached: the
/// parser always descends into a subcommand or fails with a usage error naming them.
///
/// Register a top-level command with ONE line in `CLI.commands`.
protocol CLICommand: Sendable {
    /// The declaration: name, summary, discussion, options, operands, subcommands.
    static var spec: CommandSpec { get }

    /// Runs the command with its parsed arguments. Throw ``CLIError/usage(_:)`` for bad usage the
    /// declaration cannot express (exit 2), ``CLIError/failure(_:)`` for invalid input or I/O (exit 1),
    /// ``CLIError/denied(_:)`` when the user or provider denied or cancelled a login (exit 3).
    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError)
}

extension CLICommand {
    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        let names = spec.subcommands.map { $0.spec.name }.joined(separator: ", ")
        throw .usage("\(arguments.commandLine) needs a subcommand: \(names)")
    }
}
