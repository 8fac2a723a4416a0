// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthJSON
import AuthJWT
import AuthSession
import AuthTesting
import Foundation
import TestVectors
import Testing

@testable import AuthFlowCLI

/// `login --jar --response-mode jwt` against `authflow provider` over HTTP, with the loopback listener.
@Suite("authflow login --jar and --response-mode jwt: a signed request object and a signed response, over HTTP", .serialized)
struct LoginSignedMessagesTests {
    @Test("--jar signs the request with the --private-key-file key; --response-mode jwt gets a response JWT the listener accepts")
    func jarAndJARM() async throws {
        let key = try P256PrivateKey(jwk: Array(try Vectors.data("OpenSSL/p256.jwk.json")))
        let harness = try LoginHarness { configuration in
            configuration.additionalClients["authflow-key"] = .privateKeyJWT(ClientAssertionKey(key))
            configuration.requiresSignedRequestObject = true
        }
        var options = harness.options(profile: "signed")
        options.clientID = "authflow-key"
        options.privateKeyFile = "/key.pem"
        options.jar = true
        options.responseMode = "jwt"
        let pem = Array(try Vectors.data("OpenSSL/p256-pkcs8.pem"))
        let login = await LoginClientAuthenticationTests.run(harness, options, files: ["/key.pem": pem])
        #expect(login.error == nil, "\(login.errors)")
        let opened = try #require(harness.opened.withLock { $0.first })
        let query = LoginProtocolTests.query(opened)
        #expect(query["request"] != nil && query["state"] == nil && query["code_challenge"] == nil)
        let claims = try #require(harness.provider.lastRequestObject?.claims)
        #expect(claims["response_mode"]?.stringValue == "jwt" && claims["iss"]?.stringValue == "authflow-key")
    }

    @Test("--jar and --response-mode parse; an unknown or fragment response mode is a usage error")
    func parsing() throws {
        let line = ["login", "--issuer", "https://id.example.com", "--client-id", "app", "--jar", "--response-mode", "form_post.jwt"]
        guard case .run(_, let arguments) = try CommandLineParser.parse(line, commands: [LoginCommand.self]) else {
            Issue.record("not a run")
            return
        }
        let options = try LoginCommand.options(arguments)
        #expect(options.jar && options.responseMode == "form_post.jwt")
        var terminal = MemoryTerminal()
        #expect(terminal.run("login", "--response-mode", "fragment.jwt", "--issuer", "https://id.example.com", "--client-id", "a") == 2)
        #expect(terminal.run("login", "--response-mode", "nonsense", "--issuer", "https://id.example.com", "--client-id", "a") == 2)
        #expect(terminal.run("login", "--jar", "--device", "--issuer", "https://id.example.com", "--client-id", "a") == 2)
        let rar = [
            "login", "--issuer", "https://id.example.com", "--client-id", "app", "--authorization-details",
            #"[{"type":"account_information"}]"#,
        ]
        guard case .run(_, let rarArguments) = try CommandLineParser.parse(rar, commands: [LoginCommand.self]) else {
            Issue.record("not a run")
            return
        }
        let rarOptions = try LoginCommand.options(rarArguments)
        #expect(rarOptions.authorizationDetails.map(\.type) == ["account_information"])
        #expect(
            rarOptions.authorizationOptions(
                Profile(
                    name: "p", issuer: "https://id.example.com", clientID: "app", scopes: [], clientSecret: nil,
                    insecureLoopbackIssuer: false)
            ).authorizationDetails == rarOptions.authorizationDetails)
        #expect(
            terminal.run("login", "--authorization-details", #"[{"actions":[]}]"#, "--issuer", "https://id.example.com", "--client-id", "a")
                == 2)
        #expect(throws: CLIError.self) { try LoginCommand.parameter("request=x") }
        #expect(throws: CLIError.self) { try LoginCommand.parameter("response_mode=jwt") }
    }
}

@Suite("authflow demo --jar: a signed request object and a signed response, narrated")
struct DemoSignedMessagesTests {
    @Test("demo --jar signs, pushes, verifies the response JWT and logs in")
    func demo() async {
        var terminal = MemoryTerminal()
        #expect(await terminal.runOnOwnThread("demo", "--jar") == 0)
        for step in 1...5 { #expect(terminal.output.contains("\n\(step). ")) }
        #expect(terminal.output.contains("its header = {\"alg\":\"ES256\",\"kid\":\"demo-client-key\",\"typ\":\"oauth-authz-req+jwt\"}"))
        #expect(terminal.output.contains("redirect = com.example.app:/oauth/callback?response=ey"))
        #expect(terminal.output.contains("user = alice"))
    }

    @Test(
        "demo --jar --fail shows each refusal where it is caught",
        arguments: [("response-audience", 4, "10457"), ("response-expired", 4, "10457"), ("no-common-alg", 2, "10456")])
    func failures(failure: String, step: Int, code: String) async {
        var terminal = MemoryTerminal()
        #expect(await terminal.runOnOwnThread("demo", "--jar", "--fail", failure) == 0)
        #expect(terminal.output.contains("✗ Caught at step \(step): "), "\(failure)")
        #expect(terminal.output.contains(code), "\(failure)")
    }
}
