// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthCredentials
import AuthSession
import AuthTesting
import Foundation
import Testing

@testable import AuthFlowCLI

/// `--verbose` and `AUTHFLOW_DEBUG=1`: the HTTP trace of the commands that talk to the provider, on standard
/// error, with no secret of the run in it.
@Suite("DebugTrace: --verbose and AUTHFLOW_DEBUG trace every HTTP exchange with the secrets redacted", .serialized)
struct DebugTraceTests {
    @Test("every command that talks HTTP takes --verbose")
    func declared() {
        for command in [LoginCommand.self, TokenCommand.self, IDTokenCommand.self, UserinfoCommand.self, LogoutCommand.self]
            as [any CLICommand.Type]
        {
            #expect(command.spec.option(named: "verbose") != nil, "\(command.spec.name)")
        }
    }

    @Test("authflow --verbose COMMAND is COMMAND --verbose; a command that talks no HTTP refuses it as a usage error")
    func globalPosition() {
        var terminal = MemoryTerminal()
        terminal.environmentVariables = ["XDG_CONFIG_HOME": "/nonexistent/authflow-debug-trace-test"]
        #expect(terminal.run("--verbose", "token") == 1)
        #expect(terminal.errors.contains("no profile 'default'"))
        var status = MemoryTerminal()
        #expect(status.run("--verbose", "sha256") == 2)
        #expect(status.errors.contains("unknown option '--verbose'"))
    }

    @Test("a traced login, refresh and logout show each exchange and none of the run's tokens, state or nonce")
    func tracedLogin() async throws {
        let harness = try LoginHarness()
        let options = harness.options()
        let terminal = MemoryTerminal()
        let environment = harness.environment.traced(true, to: terminal)
        let login = await command(terminal) { terminal throws(CLIError) in
            try LoginFlow.run(options, environment: environment, terminal: &terminal)
        }
        #expect(login.error == nil, "\(login.errors)")
        let first = try #require(try await harness.storedTokens())
        harness.time.advance(by: 3600)
        let refreshed = await command(terminal) { terminal throws(CLIError) in
            try TokenCommands.run(.access, TokenOptions(), environment: environment, terminal: &terminal)
        }
        #expect(refreshed.error == nil, "\(refreshed.errors)")
        let second = try #require(try await harness.storedTokens())
        let logout = await command(terminal) { terminal throws(CLIError) in
            try AccountCommands.logout(ProfileOptions(profile: nil), environment: environment, terminal: &terminal)
        }
        #expect(logout.error == nil, "\(logout.errors)")

        let trace = terminal.trace.text
        let opened = try #require(harness.opened.withLock { $0 }.first)
        let bindings = try #require(URLComponents(string: opened)?.queryItems).filter { ["state", "nonce"].contains($0.name) }
            .compactMap(\.value)
        #expect(bindings.count == 2)
        let secrets =
            [first.accessToken, first.refreshToken, first.idToken, second.accessToken, second.refreshToken, second.idToken]
            .compactMap { $0 } + bindings
        for secret in secrets {
            #expect(!trace.contains(secret), "a secret reached the trace")
        }
        #expect(trace.contains("authflow: > GET \(harness.issuer)/.well-known/openid-configuration\n"))
        #expect(trace.contains("authflow: > GET \(harness.issuer)/authorize?"))
        #expect(trace.contains("authflow: > POST \(harness.issuer)/token\n"))
        #expect(trace.contains("authflow: > POST \(harness.issuer)/revoke"))
        #expect(trace.contains("authflow: < HTTP 200\n"))
        #expect(trace.contains("code=<redacted>") && trace.contains("code_verifier=<redacted>") && trace.contains("state=<redacted>"))
        #expect(trace.contains("grant_type=refresh_token") && trace.contains("refresh_token=<redacted>"))
        #expect(!login.output.contains("authflow: >"), "the trace goes to standard error only")
    }

    @Test("userinfo --verbose and AUTHFLOW_DEBUG=1 trace; AUTHFLOW_DEBUG=0 and no flag do not")
    func commandLine() async throws {
        let harness = try LoginHarness()
        let environment = harness.environment
        _ = await command { terminal throws(CLIError) in try LoginFlow.run(harness.options(), environment: environment, terminal: &terminal)
        }
        let token = try #require(try await harness.storedTokens()).accessToken
        func run(_ arguments: [String], debug: String?) async -> (status: Int32, trace: String) {
            var terminal = MemoryTerminal()
            terminal.environmentVariables = ["XDG_CONFIG_HOME": harness.directory + "/config", "HOME": harness.directory + "/home"]
            if let debug { terminal.environmentVariables["AUTHFLOW_DEBUG"] = debug }
            let status: Int32
            switch arguments.count {
            case 1: status = await terminal.runOnOwnThread(arguments[0])
            default: status = await terminal.runOnOwnThread(arguments[0], arguments[1])
            }
            return (status, terminal.trace.text)
        }
        for (arguments, debug) in [(["userinfo", "--verbose"], nil), (["userinfo"], "1")] as [([String], String?)] {
            let (status, trace) = await run(arguments, debug: debug)
            #expect(status == 0)
            #expect(trace.contains("authflow: > GET \(harness.issuer)/userinfo\n"))
            #expect(trace.contains("authflow: > Authorization: Bearer <redacted>\n"))
            #expect(trace.contains("authflow: < HTTP 200\n") && trace.contains(#""sub":"alice""#))
            #expect(!trace.contains(token))
        }
        for debug in ["0", nil] {
            let (status, trace) = await run(["userinfo"], debug: debug)
            #expect(status == 0 && trace.isEmpty)
        }
    }
}
