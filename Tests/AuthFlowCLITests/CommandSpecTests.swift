// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import AuthFlowCLI

/// A command that exercises every kind of declaration, parsed directly (it is not registered).
enum SampleCommand: CLICommand {
    static let issuer = Option<String>("issuer", value: "URL", help: "the issuer")
    static let scope = Option<String>("scope", value: "SCOPE", help: "a scope", repeatable: true)
    static let port = Option<UInt16>("port", short: "p", value: "PORT", help: "a port")
    static let mode = Option<String>("mode", value: "MODE", help: "a mode", allowedValues: ["fast", "slow"])
    static let secretFile = Option<String>("secret-file", value: "FILE", help: "a secret in a file", completion: .file)
    static let secretEnv = Option<String>("secret-env", value: "NAME", help: "a secret in a variable")
    static let json = Flag("json", help: "JSON output")
    static let header = Flag("header", help: "header output")
    static let input = Operand<String>("INPUT", help: "the input", optional: true, standardInput: true)

    static let spec = CommandSpec(
        "sample", summary: "a sample", options: [issuer, scope, port, mode, secretFile, secretEnv, json, header], operands: [input],
        groups: [.atMostOne(secretFile, secretEnv), .atMostOne(json, header)])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {}
}

@Suite("The command declarations and what is derived from them")
struct CommandSpecTests {
    /// Every declared command, with the words that select it.
    static let nodes = CompletionScript.flatten(CLI.commands, under: [])

    static func parse(_ arguments: String...) throws(CommandLineError) -> ParsedArguments {
        guard case .run(_, let parsed) = try CommandLineParser.parse(["sample"] + arguments, commands: [SampleCommand.self]) else {
            throw CommandLineError(path: [], message: "not a run")
        }
        return parsed
    }

    static func usageError(_ arguments: String...) -> String? {
        do {
            _ = try CommandLineParser.parse(["sample"] + arguments, commands: [SampleCommand.self])
            return nil
        } catch {
            return error.message
        }
    }

    @Test("every command and subcommand has help, from 'help PATH' and from 'PATH --help' and '-h' alike")
    func helpForEveryCommand() {
        #expect(Self.nodes.count >= 18)
        for node in Self.nodes {
            var viaHelp = MemoryTerminal()
            #expect(CLI.run(arguments: ["help"] + node.path, terminal: &viaHelp) == 0, "\(node.path)")
            #expect(viaHelp.output.hasPrefix("usage: authflow \(node.path.joined(separator: " "))"), "\(node.path)")
            #expect(viaHelp.output.contains(node.spec.summary))
            for flag in ["--help", "-h"] {
                var viaFlag = MemoryTerminal()
                #expect(CLI.run(arguments: node.path + [flag], terminal: &viaFlag) == 0, "\(node.path)")
                #expect(viaFlag.output == viaHelp.output, "\(node.path) \(flag)")
            }
        }
    }

    @Test("every command has a summary, every option and operand help text, and names are well formed")
    func declarationsAreComplete() {
        for node in Self.nodes {
            let spec = node.spec
            #expect(!spec.summary.isEmpty, "\(node.path)")
            #expect(!spec.summary.hasSuffix("."), "\(node.path)")
            #expect(spec.subcommands.isEmpty || spec.operands.isEmpty, "\(node.path)")
            let names = spec.options.map(\.info.name)
            #expect(Set(names).count == names.count, "duplicate option in \(node.path)")
            for option in spec.options.map(\.info) {
                #expect(!option.help.isEmpty, "--\(option.name) of \(node.path)")
                #expect(option.name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "--\(option.name)")
                #expect(!["help", "version"].contains(option.name))
            }
            for operand in spec.operands.map(\.info) {
                #expect(!operand.help.isEmpty, "\(operand.valueName) of \(node.path)")
            }
            for group in spec.groups {
                for name in group.names { #expect(spec.option(named: name) != nil, "group names --\(name) in \(node.path)") }
            }
        }
    }

    @Test("the top-level help lists every command and subcommand, and the exit statuses")
    func topLevelHelp() {
        var terminal = MemoryTerminal()
        #expect(terminal.run("help") == 0)
        for node in Self.nodes where node.spec.subcommands.isEmpty {
            #expect(terminal.output.contains("\n  \(node.path.joined(separator: " ")) "), "\(node.path)")
        }
        for status in [ExitStatus.success, .failure, .usage, .denied] {
            #expect(terminal.output.contains("  \(status.code)  \(status.meaning)"))
        }
        var flag = MemoryTerminal()
        #expect(flag.run("--help") == 0)
        #expect(flag.output == terminal.output)
    }

    @Test("completion scripts for bash, zsh and fish name every command, subcommand and option", arguments: ["bash", "zsh", "fish"])
    func completionScripts(shell: String) {
        var terminal = MemoryTerminal()
        #expect(terminal.run("completion", shell) == 0)
        let script = terminal.output
        #expect(script.contains("authflow"))
        for node in Self.nodes {
            #expect(script.contains(node.spec.name), "\(shell): \(node.path)")
            for option in node.spec.options.map(\.info) {
                // fish declares long options without dashes: -l 'name'
                #expect(script.contains("--\(option.name)") || script.contains("-l '\(option.name)'"), "\(shell): --\(option.name)")
            }
        }
        // Values and files are completed where declared.
        #expect(script.contains("signIn"))
        #expect(script.contains(shell == "fish" ? "-F" : shell == "zsh" ? "_files" : "-f"))
    }

    @Test("an unknown command, subcommand or option fails with status 2 and suggests the nearest")
    func suggestions() {
        let cases: [([String], String)] = [
            (["sha265"], "did you mean 'sha256'?"),
            (["jwt", "verfy"], "did you mean 'verify'?"),
            (["jwt", "verify", "--isuer", "x", "t"], "did you mean '--issuer'?"),
            (["pkce", "generate", "--lenght", "50"], "did you mean '--length'?"),
            (["base64url", "decode", "--lenien"], "did you mean '--lenient'?"),
            (["--verison"], "did you mean '--version'?"),
            (["help", "jwt", "verfy"], "did you mean 'verify'?"),
        ]
        for (arguments, suggestion) in cases {
            var terminal = MemoryTerminal()
            #expect(CLI.run(arguments: arguments, terminal: &terminal) == 2, "\(arguments)")
            #expect(terminal.errors.contains(suggestion), "\(arguments): \(terminal.errors)")
            #expect(terminal.errors.contains("run 'authflow help"), "\(arguments)")
        }
        var unrelated = MemoryTerminal()
        #expect(unrelated.run("jwt", "verify", "--zzzzzzzz", "t") == 2)
        #expect(!unrelated.errors.contains("did you mean"))
    }

    @Test("the edit distance matches the textbook examples")
    func editDistance() {
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.editDistance("flaw", "lawn") == 2)
        #expect(Suggestion.editDistance("", "abc") == 3)
        #expect(Suggestion.editDistance("issuer", "issuer") == 0)
        #expect(Suggestion.nearest(to: "--scop", among: ["--scope", "--state"]) == "--scope")
    }

    @Test("--opt=value and --opt value are the same, and short names work")
    func equalsForm() throws {
        let spaced = try Self.parse("--issuer", "https://a", "--port", "8080")
        let joined = try Self.parse("--issuer=https://a", "-p", "8080")
        #expect(spaced.value(SampleCommand.issuer) == "https://a")
        #expect(joined.value(SampleCommand.issuer) == "https://a")
        #expect(spaced.value(SampleCommand.port) == 8080)
        #expect(joined.value(SampleCommand.port) == 8080)
        #expect(try Self.parse("--issuer=").value(SampleCommand.issuer) == "")
        #expect(try Self.parse("--issuer=a=b").value(SampleCommand.issuer) == "a=b")
        var terminal = MemoryTerminal()
        #expect(terminal.run("pkce", "generate", "--length=128") == 0)
        #expect(terminal.output.split(separator: "\n").first?.count == "code_verifier=".count + 128)
    }

    @Test("-- ends the options and - is an operand meaning standard input")
    func endOfOptionsAndStandardInput() throws {
        let parsed = try Self.parse("--json", "--", "--issuer")
        #expect(parsed.operand(SampleCommand.input) == "--issuer")
        #expect(parsed.value(SampleCommand.issuer) == nil)
        #expect(parsed.isSet(SampleCommand.json))
        #expect(try Self.parse("-").operand(SampleCommand.input) == "-")

        var terminal = MemoryTerminal(standardInput: Array("abc".utf8))
        #expect(terminal.run("sha256", "--", "-") == 0)
        #expect(terminal.output == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad\n")
        var dashFile = MemoryTerminal()
        #expect(dashFile.run("sha256", "--", "--help") == 1)
        #expect(dashFile.errors.contains("cannot open '--help'"))
        var url = MemoryTerminal(standardInput: Array("com.example.app:/cb?code=c&state=s\n".utf8))
        #expect(url.run("callback", "parse", "-", "--state", "s") == 0)
        #expect(url.output.contains("\"code\": \"c\""))
    }

    @Test("repeatable options keep every value in order; others may be given once")
    func repeatable() throws {
        let parsed = try Self.parse("--scope", "openid", "--scope=email", "--scope", "profile")
        #expect(parsed.values(SampleCommand.scope) == ["openid", "email", "profile"])
        #expect(parsed.values(SampleCommand.issuer) == [])
        #expect(Self.usageError("--issuer", "a", "--issuer", "b") == "--issuer given more than once")
    }

    @Test("bad usage is refused with a message naming the option")
    func usageErrors() {
        #expect(
            Self.usageError("--secret-file", "f", "--secret-env", "V") == "authflow sample: give at most one of --secret-file, --secret-env"
        )
        #expect(Self.usageError("--json", "--header")?.contains("at most one of --json, --header") == true)
        #expect(Self.usageError("--port", "70000") == "--port takes a port number (0 to 65535), not '70000'")
        #expect(Self.usageError("--mode", "medium") == "--mode takes one of fast, slow, not 'medium'")
        #expect(Self.usageError("--issuer")?.hasPrefix("--issuer needs a value") == true)
        #expect(Self.usageError("--issuer", "--json")?.hasPrefix("--issuer needs a value") == true)
        #expect(Self.usageError("--json=yes") == "--json takes no value")
        #expect(Self.usageError("a", "b") == "unexpected argument 'b'")
        #expect(Self.usageError("-x")?.hasPrefix("unknown option '-x'") == true)
        #expect(Self.usageError("--port", "80") == nil)
    }

    @Test("required options and operands, and exactly-one groups, are enforced before the command runs")
    func requiredThings() {
        var terminal = MemoryTerminal()
        #expect(terminal.run("hmac-sha256") == 2)
        #expect(terminal.errors.contains("authflow hmac-sha256 needs --key-hex HEX"))
        var operand = MemoryTerminal()
        #expect(operand.run("jwt", "decode") == 2)
        #expect(operand.errors.contains("authflow jwt decode needs TOKEN|-"))
        var group = MemoryTerminal()
        #expect(group.run("jwt", "verify", "t") == 2)
        #expect(group.errors.contains("give at least one of --jwks, --hs256-key-hex"))
        var shell = MemoryTerminal()
        #expect(shell.run("completion", "powershell") == 2)
        #expect(shell.errors.contains("bash, zsh, fish"))
    }

    @Test("exit statuses: 0 success, 1 failure, 2 usage, 3 denied")
    func exitStatuses() {
        #expect([ExitStatus.success, .failure, .usage, .denied].map(\.code) == [0, 1, 2, 3])
        #expect(CLIError.usage("x").exitStatus == 2)
        #expect(CLIError.failure("x").exitStatus == 1)
        #expect(CLIError.denied("x").exitStatus == 3)
        var terminal = MemoryTerminal()
        #expect(terminal.run("--version") == 0)
        // Another suite may have installed an HTTP stack (the jwks URL tests): then its name follows.
        #expect(terminal.output == "authflow \(CLI.version)\n" || terminal.output == "authflow \(CLI.version) (HTTP: URLSession)\n")
        #expect(terminal.run() == 2)
    }

    @Test("a failed write to standard output makes a successful command fail with status 1")
    func writeFailure() {
        var terminal = MemoryTerminal(writeFailure: "cannot write standard output: No space left on device")
        #expect(terminal.run("pkce", "generate") == 1)
        #expect(terminal.errors.contains("No space left on device"))
        var usage = MemoryTerminal(writeFailure: "cannot write standard output: No space left on device")
        #expect(usage.run("frobnicate") == 2)
    }

    @Test("colours only on an interactive terminal, and never with NO_COLOR set, even empty")
    func colours() {
        #expect(TextStyle(for: .standardOutput, of: MemoryTerminal()).success("ok") == "ok")
        #expect(TextStyle(for: .standardOutput, of: MemoryTerminal(interactive: true)).success("ok") == "\u{1B}[32mok\u{1B}[0m")
        #expect(
            TextStyle(for: .standardOutput, of: MemoryTerminal(interactive: true, environmentVariables: ["NO_COLOR": ""])).isEnabled
                == false)
        #expect(TextStyle.plain.error("x") == "x")
    }

    @Test("Docs/CLI.md documents every command, subcommand and option")
    func documentation() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Docs/CLI.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        for node in Self.nodes {
            let path = node.path.joined(separator: " ")
            #expect(text.contains("authflow \(path)"), "Docs/CLI.md does not mention 'authflow \(path)'")
            for option in node.spec.options.map(\.info) {
                #expect(text.contains("--\(option.name)"), "Docs/CLI.md does not mention --\(option.name) of \(path)")
            }
        }
        for status in [ExitStatus.success, .failure, .usage, .denied] {
            #expect(text.contains("| \(status.code) |"), "Docs/CLI.md lacks exit status \(status.code)")
        }
    }

    @Test("Docs/CLI.md's command reference is the help generated from the declarations")
    func generatedReference() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Docs/CLI.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let begin = "<!-- generated by the CommandSpec tests: AUTHFLOW_WRITE_DOCS=1 swift test --filter CommandSpecTests -->\n"
        let end = "<!-- end of the generated reference -->"
        let start = try #require(text.range(of: begin))
        let finish = try #require(text.range(of: end))
        let generated = "\n" + HelpText.markdownReference(commands: CLI.commands) + "\n"
        if ProcessInfo.processInfo.environment["AUTHFLOW_WRITE_DOCS"] == "1" {
            let updated = String(text[..<start.upperBound]) + generated + String(text[finish.lowerBound...])
            try updated.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            String(text[start.upperBound..<finish.lowerBound]) == generated,
            "Docs/CLI.md is out of date: run AUTHFLOW_WRITE_DOCS=1 swift test --filter CommandSpecTests")
    }
}
