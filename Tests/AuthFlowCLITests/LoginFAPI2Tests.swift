// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthJSON
import AuthJWT
import AuthSession
import AuthTesting
import Foundation
import TestVectors
import Testing

@testable import AuthFlowCLI

/// `login --fapi fapi2 | fapi2-message-signing` against the fake provider over HTTP, with the loopback listener.
@Suite("authflow login --fapi: the FAPI 2.0 client profiles from the command line", .serialized)
struct LoginFAPI2Tests {
    @Test("--fapi fapi2-message-signing logs in with PAR, a signed request object, JARM and DPoP, and the profile keeps it")
    func messageSigningLogin() async throws {
        let key = try P256PrivateKey(jwk: Array(try Vectors.data("OpenSSL/p256.jwk.json")))
        let harness = try LoginHarness { configuration in
            configuration.signingKey = .es256
            configuration.requiresDPoP = true
            configuration.additionalClients["authflow-fapi"] = .privateKeyJWT(ClientAssertionKey(key), audience: .issuer)
        }
        var options = harness.options(profile: "bank")
        options.clientID = "authflow-fapi"
        options.privateKeyFile = "/key.pem"
        options.fapi2Profile = .messageSigning
        let pem = Array(try Vectors.data("OpenSSL/p256-pkcs8.pem"))
        let login = await LoginClientAuthenticationTests.run(harness, options, files: ["/key.pem": pem])
        #expect(login.error == nil, "\(login.errors)")
        let opened = try #require(harness.opened.withLock { $0.first })
        let query = LoginProtocolTests.query(opened)
        #expect(query["request_uri"] != nil && query["state"] == nil)
        let claims = try #require(harness.provider.lastRequestObject?.claims)
        #expect(claims["response_mode"]?.stringValue == "jwt" && claims["dpop_jkt"] != nil)
        #expect(harness.provider.requestCount(.pushedAuthorization) == 1)
    }

    @Test("--fapi for a public client is refused before the browser opens: private_key_jwt only")
    func secretRefused() async throws {
        let harness = try LoginHarness { configuration in configuration.signingKey = .es256 }
        var options = harness.options(profile: "bank")
        options.fapi2Profile = .securityProfile
        let login = await LoginClientAuthenticationTests.run(harness, options, files: [:])
        #expect(login.error != nil)
        #expect("\(String(describing: login.error))".contains("10555"), "\(String(describing: login.error))")
        #expect(harness.opened.withLock { $0.isEmpty })
    }

    @Test("--fapi parses fapi2 and fapi2-message-signing; another name, or with --device, is a usage error")
    func parsing() throws {
        for name in ["fapi2", "fapi2-message-signing"] {
            let line = ["login", "--issuer", "https://id.example.com", "--client-id", "app", "--fapi", name]
            guard case .run(_, let arguments) = try CommandLineParser.parse(line, commands: [LoginCommand.self]) else {
                Issue.record("not a run")
                return
            }
            #expect(try LoginCommand.options(arguments).fapi2Profile?.description == name)
        }
        var terminal = MemoryTerminal()
        #expect(terminal.run("login", "--fapi", "fapi1", "--issuer", "https://id.example.com", "--client-id", "a") == 2)
        #expect(terminal.run("login", "--fapi", "fapi2", "--device", "--issuer", "https://id.example.com", "--client-id", "a") == 2)
    }
}

@Suite("authflow demo --fapi2: a FAPI 2.0 Message Signing login, narrated")
struct DemoFAPI2Tests {
    @Test("demo --fapi2 checks the profile, pushes a signed request object, verifies the JARM response and gets DPoP-bound tokens")
    func demo() async {
        var terminal = MemoryTerminal()
        #expect(await terminal.runOnOwnThread("demo", "--fapi2") == 0)
        for step in 1...5 { #expect(terminal.output.contains("\n\(step). ")) }
        #expect(terminal.output.contains("profile = fapi2-message-signing"))
        #expect(terminal.output.contains("\"response_mode\":\"jwt\"") && terminal.output.contains("\"dpop_jkt\""))
        #expect(terminal.output.contains("token_type = DPoP"))
        #expect(terminal.output.contains("user = alice"))
    }

    @Test(
        "demo --fapi2 --fail shows each refusal where it is caught",
        arguments: [("client-secret", 1, "10555"), ("response-without-iss", 4, "10457")])
    func failures(failure: String, step: Int, code: String) async {
        var terminal = MemoryTerminal()
        #expect(await terminal.runOnOwnThread("demo", "--fapi2", "--fail", failure) == 0)
        #expect(terminal.output.contains("✗ Caught at step \(step): "), "\(failure)")
        #expect(terminal.output.contains(code), "\(failure)")
    }
}
