// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The help and usage text, derived from the declarations only.
enum HelpText {
    /// `authflow help` / `authflow --help`: every command, with its subcommands, and the conventions.
    static func topLevel(commands: [any CLICommand.Type], version: String) -> String {
        var rows: [(String, String)] = []
        for command in commands {
            let spec = command.spec
            if spec.subcommands.isEmpty {
                rows.append((spec.name, spec.summary))
            } else {
                for sub in spec.subcommands.map({ $0.spec }) { rows.append(("\(spec.name) \(sub.name)", sub.summary)) }
            }
        }
        return """
            usage: authflow <command> [arguments]
                   authflow help <command> [<subcommand>]    (or: authflow <command> --help)

            commands:
            \(table(rows))
            options:
            \(table([("-h, --help", "show help (also after any command)"), ("--version", "print the version (\(version))")]))
            conventions: --opt=value and --opt value are the same; -- ends the options; - as a
            value that may be a token, URL or secret reads it from standard input; colours only on
            a terminal and never with NO_COLOR set.

            exit status:
            \(table([ExitStatus.success, .failure, .usage, .denied].map { ("\($0.code)", $0.meaning) }))
            """
    }

    /// `authflow help jwt verify` / `authflow jwt verify --help`.
    static func command(_ spec: CommandSpec, path: [String]) -> String {
        var text = "usage: " + usage(spec, path: path) + "\n\n" + spec.summary + "\n"
        if !spec.discussion.isEmpty { text += "\n" + spec.discussion + "\n" }
        if !spec.subcommands.isEmpty {
            text += "\nsubcommands:\n" + table(spec.subcommands.map { ($0.spec.name, $0.spec.summary) })
            text += "\nrun 'authflow help \(path.joined(separator: " ")) <subcommand>' for its options\n"
        }
        if !spec.operands.isEmpty {
            text +=
                "\noperands:\n"
                + table(
                    spec.operands.map(\.info).map { operand in
                        (operand.valueName + (operand.acceptsStandardInput ? "|-" : ""), operand.help)
                    })
        }
        var options = spec.options.map(\.info).map { option in
            var help = option.help
            if option.isRequired { help += " (required)" }
            if option.isRepeatable, !option.isFlag { help += " (repeatable)" }
            if let allowed = option.allowedValues { help += " (one of: \(allowed.joined(separator: ", ")))" }
            return ((option.short.map { "-\($0), " } ?? "") + option.synopsis, help)
        }
        options.append(("-h, --help", "show this help"))
        text += "\noptions:\n" + table(options)
        if !spec.groups.isEmpty { text += "\nrules:\n" + spec.groups.map { "  " + $0.sentence + "\n" }.joined() }
        if !spec.examples.isEmpty {
            text += "\nexamples:\n" + spec.examples.map { "  " + ($0.contains("authflow ") ? $0 : "authflow " + $0) + "\n" }.joined()
        }
        text += "\nexit status:\n" + table(spec.exitStatuses.map { ("\($0.code)", $0.meaning) })
        return text
    }

    /// `authflow jwt verify [--jwks FILE] … TOKEN|-`, wrapped at 100 columns.
    static func usage(_ spec: CommandSpec, path: [String]) -> String {
        let head = CommandLineParser.commandLine(path)
        var words: [String] = []
        if !spec.subcommands.isEmpty {
            words.append("<" + spec.subcommands.map { $0.spec.name }.joined(separator: "|") + ">")
        }
        var grouped: Set<String> = []
        for group in spec.groups where group.rule == .exactlyOne {
            let parts = group.names.compactMap { spec.option(named: $0)?.synopsis }
            words.append("(" + parts.joined(separator: " | ") + ")")
            grouped.formUnion(group.names)
        }
        for option in spec.options.map(\.info) where !grouped.contains(option.name) {
            let word = option.isRequired ? option.synopsis : "[\(option.synopsis)]"
            words.append(option.isRepeatable && !option.isFlag ? word + "..." : word)
        }
        words += spec.operands.map(\.info.synopsis)
        var lines: [String] = []
        var line = head
        let indent = String(repeating: " ", count: min(head.count + 1, 30))
        for word in words {
            if line.count + 1 + word.count > 100, line != head, !line.allSatisfy({ $0 == " " }) {
                lines.append(line)
                line = indent + word
            } else {
                line += " " + word
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n       ")
    }

    /// Two columns: names padded to the widest (at most 28), descriptions after.
    static func table(_ rows: [(String, String)]) -> String {
        let width = min(28, rows.map(\.0.count).max() ?? 0)
        return rows.map { name, description in
            if name.count > width { return "  \(name)\n  \(String(repeating: " ", count: width))  \(description)\n" }
            return "  " + name + String(repeating: " ", count: width - name.count) + "  " + description + "\n"
        }.joined()
    }
}

extension HelpText {
    /// The reference section of Docs/CLI.md: every command's `--help`, in declaration order. A test keeps
    /// the file equal to it (and rewrites it with `AUTHFLOW_WRITE_DOCS=1`).
    static func markdownReference(commands: [any CLICommand.Type]) -> String {
        CompletionScript.flatten(commands, under: []).map { node in
            let path = node.path.joined(separator: " ")
            return "### `authflow \(path)`\n\n```text\n\(command(node.spec, path: node.path))```\n"
        }.joined(separator: "\n")
    }
}
