// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthTesting
import Foundation
import Testing

@testable import AuthFlowCLI

/// `authflow introspect` against `authflow provider` over HTTP.
@Suite("authflow introspect: the provider's answer about a token, asked as the profile's client (RFC 7662)", .serialized)
struct IntrospectCommandTests {
    static func introspect(
        _ harness: LoginHarness, profile: String, tokenFile: String? = nil, signed: Bool = false, files: [String: [UInt8]] = [:]
    ) async -> CommandOutcome {
        let environment = harness.environment
        var terminal = MemoryTerminal()
        terminal.files = files
        return await command(terminal) { terminal throws(CLIError) in
            try TokenCommands.introspect(
                profile: profile, tokenFile: tokenFile, signed: signed, environment: environment, terminal: &terminal)
        }
    }

    @Test("the profile's own token is active for its client; a token nobody issued is printed inactive with exit status 1")
    func activeAndInactive() async throws {
        let harness = try LoginHarness()
        let setup = LoginClientAuthenticationTests.clientCredentialsSetup(harness)
        let files = LoginClientAuthenticationTests.secretFile
        let token = await LoginClientAuthenticationTests.token(
            harness, TokenOptions(profile: "ci", clientCredentials: true, setup: setup), files: files)
        #expect(token.error == nil, "\(token.errors)")
        let active = await Self.introspect(harness, profile: "ci", files: files)
        #expect(active.status == 0, "\(active.errors)")
        #expect(
            active.output.contains("\"active\": true") && active.output.contains("\"client_id\": \"\(LocalProvider.confidentialClientID)\"")
        )
        #expect(active.output.contains("\"scope\": \"reports:read\""))
        let form = try #require(harness.forms(to: .introspection).last)
        #expect(form.first { $0.name == "token" }?.value == token.output.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(!active.output.contains(LoginClientAuthenticationTests.secret))

        var withToken = files
        withToken["/token"] = Array("a-token-nobody-issued\n".utf8)
        let inactive = await Self.introspect(harness, profile: "ci", tokenFile: "/token", files: withToken)
        #expect(inactive.status == 1 && inactive.output.contains("\"active\": false"))
        #expect(inactive.error?.message.contains("not active") == true)
        #expect(harness.forms(to: .introspection).last?.first { $0.name == "token" }?.value == "a-token-nobody-issued")

        let signed = await Self.introspect(harness, profile: "ci", signed: true, files: files)
        #expect(signed.status == 0 && signed.output.contains("\"active\": true"), "\(signed.errors)")
    }

    @Test("introspect is declared with --profile, --token-file and --signed, and takes no token on the command line")
    func declaration() {
        let names = IntrospectCommand.spec.options.map(\.info.name)
        #expect(names.contains("profile") && names.contains("token-file") && names.contains("signed"))
        var terminal = MemoryTerminal()
        #expect(terminal.run("introspect", "--token", "abc") == 2)
    }
}
