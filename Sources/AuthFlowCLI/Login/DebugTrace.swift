// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient

/// `--verbose` and `AUTHFLOW_DEBUG=1`: a trace of every HTTP exchange of the commands that talk to the
/// provider (`login`, `token`, `id-token`, `userinfo`, `logout`) on standard error, and the library's own
/// log records. The redaction is the library's (`TracingTransport`): this file only installs it and prints
/// what it logged, curl style (`> ` the request, `< ` the response), without control characters.
enum DebugTrace {
    /// The flag, declared once and listed by each command that talks HTTP.
    static let verbose = Flag(
        "verbose", help: "trace every HTTP exchange on standard error, secrets redacted (or set AUTHFLOW_DEBUG=1)")

    /// Whether the trace is on: `--verbose`, or `AUTHFLOW_DEBUG` set to anything but empty, `0`, `false` or `no`.
    static func isOn(_ arguments: ParsedArguments, terminal: some Terminal) -> Bool {
        arguments.isSet(verbose) || isOn(variable: terminal.environment("AUTHFLOW_DEBUG"))
    }

    static func isOn(variable value: String?) -> Bool {
        guard let value else { return false }
        return !["", "0", "false", "no", "off"].contains(value.lowercased())
    }

    /// The trace's lines for one log record.
    static func text(_ record: AuthLogRecord) -> String {
        guard record.event == .http else { return "authflow: * " + ServerText.printable(record.description) + "\n" }
        func value(_ key: String) -> String { record.metadata[key]?.publicValue ?? "" }
        func lines(_ prefix: String, _ text: String) -> String {
            guard !text.isEmpty else { return "" }
            return text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { "authflow: \(prefix) \(ServerText.printable(String($0)))\n" }.joined()
        }
        var text = lines(">", value("method") + " " + value("url"))
        text += lines(">", value("request_headers")) + lines(">", value("request_body"))
        if let status = record.metadata["status"]?.publicValue {
            text += lines("<", "HTTP \(status)") + lines("<", value("response_headers")) + lines("<", value("response_body"))
        } else {
            text += lines("!", "no response: " + value("error"))
        }
        return text
    }
}

extension LoginEnvironment {
    /// The process environment of a command that talks HTTP, traced when `--verbose` or `AUTHFLOW_DEBUG` asks.
    static func system(for arguments: ParsedArguments, reading terminal: some Terminal, also names: [String] = []) -> LoginEnvironment {
        system(reading: terminal, also: names).traced(DebugTrace.isOn(arguments, terminal: terminal), to: terminal)
    }

    /// This environment with the trace on when `on`: the transport wrapped in `TracingTransport`, and the
    /// library's log records at `.debug`, both written to `terminal`'s standard error as they happen.
    func traced(_ on: Bool, to terminal: some Terminal) -> LoginEnvironment {
        guard on, let write = terminal.diagnosticWriter() else { return self }
        var environment = self
        environment.logger = AuthLogger(minimumLevel: .debug) { record in write(DebugTrace.text(record)) }
        environment.transport = TracingTransport(transport, logger: environment.logger)
        return environment
    }
}
