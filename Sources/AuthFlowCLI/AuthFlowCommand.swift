// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The `authflow` executable: runs one command against the real terminal and exits with its status.
@main
struct AuthFlowCommand {
    static func main() {
        var terminal = SystemTerminal()
        let status = CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), terminal: &terminal)
        SystemTerminal.exit(status)
    }
}
