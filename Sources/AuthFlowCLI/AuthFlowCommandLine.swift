// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The `authflow` executable's entry point, for the builds of the CLI: the main package's runs it over
/// `URLSessionTransport`, `Integrations/AuthFlowAsyncHTTPClient` over `AsyncHTTPClientTransport`. Part of the
/// `_AuthFlowCLI` product, which is not API.
///
/// ```swift
/// @main
/// struct AuthFlowCommand {
///     static func main() { AuthFlowCommandLine.main(http: HTTPStack(name: "URLSession") { _ in URLSessionTransport() }) }
/// }
/// ```
public enum AuthFlowCommandLine {
    /// Runs the command the process's arguments name against its real terminal, with `stack` as the login
    /// commands' HTTP client, and exits with the command's status (``ExitStatus``).
    public static func main(http stack: HTTPStack) -> Never {
        HTTPStack.install(stack)
        var terminal = SystemTerminal()
        let status = CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), terminal: &terminal)
        SystemTerminal.exit(status)
    }
}
