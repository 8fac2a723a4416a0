// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Parses a command line against the declared commands: finds the command (descending into
/// subcommands), then reads its options and operands and checks them against its ``CommandSpec``.
enum CommandLineParser {
    /// What the command line asks for.
    enum Outcome {
        case run(any CLICommand.Type, ParsedArguments)
        /// `--help`/`-h` anywhere before `--`: the help of the command reached so far (empty path: top level).
        case help(path: [String])
        case version
    }

    /// Words that are options everywhere, and so never need to be declared.
    static let helpWords: Set<String> = ["--help", "-h"]

    static func parse(_ arguments: [String], commands: [any CLICommand.Type]) throws(CommandLineError) -> Outcome {
        guard let first = arguments.first else { throw CommandLineError(path: [], message: "no command given") }
        if helpWords.contains(first) { return .help(path: []) }
        if first == "--version" {
            guard arguments.count == 1 else { throw CommandLineError(path: [], message: "--version takes no arguments") }
            return .version
        }
        // `authflow --verbose COMMAND …` is `authflow COMMAND --verbose …`: the commands that talk HTTP declare it.
        if first == "--verbose", arguments.count > 1, !arguments[1].hasPrefix("-") {
            return try parse([arguments[1], first] + arguments.dropFirst(2), commands: commands)
        }
        if first.hasPrefix("-") {
            throw CommandLineError(
                path: [], message: "unknown option '\(first)'" + Suggestion.didYouMean(first, among: ["--help", "--version"]))
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            throw CommandLineError(
                path: [],
                message: "unknown command '\(first)'" + Suggestion.didYouMean(first, among: commands.map { $0.spec.name }))
        }
        return try parse(command, path: [first], rest: arguments.dropFirst())
    }

    private static func parse(
        _ command: any CLICommand.Type, path: [String], rest: ArraySlice<String>
    ) throws(CommandLineError) -> Outcome {
        let spec = command.spec
        if !spec.subcommands.isEmpty {
            let names = spec.subcommands.map { $0.spec.name }
            guard let word = rest.first else {
                throw CommandLineError(
                    path: path, message: "\(commandLine(path)) needs a subcommand: \(names.joined(separator: ", "))")
            }
            if helpWords.contains(word) { return .help(path: path) }
            guard let subcommand = spec.subcommand(named: word) else {
                let what = word.hasPrefix("-") ? "unknown option '\(word)'" : "unknown subcommand '\(word)'"
                throw CommandLineError(
                    path: path,
                    message: "\(what) for '\(commandLine(path))', which takes \(names.joined(separator: ", "))"
                        + Suggestion.didYouMean(word, among: names))
            }
            return try parse(subcommand, path: path + [word], rest: rest.dropFirst())
        }
        return try parseLeaf(command, spec: spec, path: path, rest: Array(rest))
    }

    private static func parseLeaf(
        _ command: any CLICommand.Type, spec: CommandSpec, path: [String], rest: [String]
    ) throws(CommandLineError) -> Outcome {
        func fail(_ message: String) -> CommandLineError { CommandLineError(path: path, message: message) }
        // A word that starts with '-' is an option, as in POSIX and swift-argument-parser: an operand that
        // starts with '-' (a random PKCE verifier, say) goes after `--`, and an unknown option says so.
        let operandHint =
            spec.operands.first.map { "; an operand that starts with '-' goes after --: \(commandLine(path)) -- \($0.info.valueName)" }
            ?? ""
        var values: [String: [String]] = [:]
        var operands: [String] = []
        var index = 0
        var optionsEnded = false
        while index < rest.count {
            let word = rest[index]
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                operands.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            if helpWords.contains(word) { return .help(path: path) }
            let option: OptionInfo
            var inline: String? = nil
            if word.hasPrefix("--") {
                var name = Substring(word.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: equals)...])
                    name = name[..<equals]
                }
                guard let found = spec.option(named: String(name)) else {
                    let candidates = spec.options.map { "--" + $0.info.name } + ["--help"]
                    throw fail("unknown option '--\(name)'" + Suggestion.didYouMean("--\(name)", among: candidates) + operandHint)
                }
                option = found
            } else if word.count == 2, let letter = word.last, let found = spec.option(short: letter) {
                option = found
            } else {
                let candidates = spec.options.map { "--" + $0.info.name } + ["--help"]
                throw fail("unknown option '\(word)'" + Suggestion.didYouMean(word, among: candidates) + operandHint)
            }
            let value: String
            if option.isFlag {
                guard inline == nil else { throw fail("--\(option.name) takes no value") }
                value = ""
            } else if let inline {
                value = inline
            } else {
                guard index < rest.count, !rest[index].hasPrefix("--") else {
                    throw fail("--\(option.name) needs a value (\(option.synopsis); --\(option.name)=VALUE if it starts with --)")
                }
                value = rest[index]
                index += 1
            }
            if !option.isFlag {
                if let problem = option.check(value) { throw fail(problem) }
                if !option.isRepeatable, values[option.name] != nil {
                    throw fail("--\(option.name) given more than once")
                }
            }
            values[option.name, default: []].append(value)
        }
        try checkOperands(operands, spec: spec, path: path)
        for option in spec.options.map(\.info) where option.isRequired && values[option.name] == nil {
            throw fail("\(commandLine(path)) needs \(option.synopsis)")
        }
        for group in spec.groups {
            let given = group.names.filter { values[$0] != nil }.count
            let broken: Bool
            switch group.rule {
            case .atMostOne: broken = given > 1
            case .exactlyOne: broken = given != 1
            case .atLeastOne: broken = given == 0
            }
            if broken { throw fail("\(commandLine(path)): \(group.sentence)") }
        }
        return .run(command, ParsedArguments(path: path, spec: spec, optionValues: values, operandValues: operands))
    }

    private static func checkOperands(
        _ operands: [String], spec: CommandSpec, path: [String]
    ) throws(CommandLineError) {
        func fail(_ message: String) -> CommandLineError { CommandLineError(path: path, message: message) }
        let declared = spec.operands.map(\.info)
        for (position, text) in operands.enumerated() {
            guard let operand = position < declared.count ? declared[position] : declared.last.flatMap({ $0.isRepeatable ? $0 : nil })
            else {
                throw fail(text.hasPrefix("-") && text != "-" ? "unknown option '\(text)'" : "unexpected argument '\(text)'")
            }
            if let problem = operand.check(text) { throw fail(problem) }
        }
        for operand in declared.dropFirst(operands.count) where !operand.isOptional {
            throw fail("\(commandLine(path)) needs \(operand.synopsis)")
        }
    }

    static func commandLine(_ path: [String]) -> String {
        (["authflow"] + path).joined(separator: " ")
    }
}
