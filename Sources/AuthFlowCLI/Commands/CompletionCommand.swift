// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// `authflow completion bash|zsh|fish`: the shell completion script, generated from the declarations.
enum CompletionCommand: CLICommand {
    /// The shells a script is generated for.
    enum Shell: String, CaseIterable, ArgumentValue {
        case bash, zsh, fish
    }

    static let shell = Operand<Shell>("SHELL", help: "bash, zsh or fish")

    static let spec = CommandSpec(
        "completion", summary: "print the shell completion script for bash, zsh or fish",
        discussion: """
            Load it in the current shell, or install it where the shell looks for completions:
              bash: source <(authflow completion bash)
              zsh:  authflow completion zsh > "${fpath[1]}/_authflow"
              fish: authflow completion fish > ~/.config/fish/completions/authflow.fish
            """,
        operands: [shell],
        examples: ["completion bash"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        let shell = try arguments.required(Self.shell)
        terminal.write(CompletionScript.script(for: shell, commands: CLI.commands), to: .standardOutput)
    }
}
