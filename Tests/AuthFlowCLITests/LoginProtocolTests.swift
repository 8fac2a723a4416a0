// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJSON
import AuthJWT
import AuthSession
import AuthTesting
import Foundation
import TestVectors
import Testing

@testable import AuthFlowCLI

/// `login`'s protocol flags against `authflow provider` over HTTP: what the provider receives (the authorization
/// URL the browser opened, the forms the CLI posted), what the profile keeps, and what a later `token` sends.
@Suite("authflow login speaks what the library speaks: PAR, DPoP, client authentication, resources, prompt, extra parameters", .serialized)
struct LoginProtocolTests {
    /// The query parameters of a URL, in order.
    static func query(_ url: String) -> [String: String] {
        var result: [String: String] = [:]
        for item in URLComponents(string: url)?.queryItems ?? [] { result[item.name] = item.value ?? "" }
        return result
    }

    static func value(_ name: String, in form: [FormParameter]) -> String? { form.first { $0.name == name }?.value }

    static func login(_ harness: LoginHarness, _ options: AuthFlowCLI.LoginOptions, files: [String: [UInt8]] = [:]) async -> CommandOutcome
    {
        let environment = harness.environment
        var terminal = MemoryTerminal()
        terminal.files = files
        return await command(terminal) { terminal throws(CLIError) in
            try LoginFlow.run(options, environment: environment, terminal: &terminal)
        }
    }

    @Test("--prompt, --login-hint, --acr-values, --max-age, --resource and --param reach the authorization request")
    func authorizationParameters() async throws {
        let harness = try LoginHarness()
        var options = harness.options()
        options.prompt = ["login", "consent"]
        options.loginHint = "alice@example.com"
        options.acrValues = ["urn:example:mfa"]
        options.maxAge = 300
        options.resources = ["https://api.authflow.test/"]
        options.parameters = [FormParameter(name: "ui_locales", value: "de-CH")]
        let login = await Self.login(harness, options)
        #expect(login.error == nil, "\(login.errors)")
        let opened = try #require(harness.opened.withLock { $0.first })
        let query = Self.query(opened)
        #expect(query["prompt"] == "login consent")
        #expect(query["login_hint"] == "alice@example.com")
        #expect(query["acr_values"] == "urn:example:mfa")
        #expect(query["max_age"] == "300")
        #expect(query["resource"] == "https://api.authflow.test/")
        #expect(query["ui_locales"] == "de-CH")
        let exchange = try #require(harness.forms(to: .token).first)
        #expect(Self.value("resource", in: exchange) == "https://api.authflow.test/")
        let settings = try String(contentsOfFile: harness.path("default", "profile.json"), encoding: .utf8)
        #expect(settings.contains("https://api.authflow.test/") && !settings.contains("login_hint") && !settings.contains("ui_locales"))
        // The tokens are kept under the grant with its resource, and a later token finds them.
        let token = await command { terminal throws(CLIError) in
            try TokenCommands.run(.access, TokenOptions(), environment: harness.environment, terminal: &terminal)
        }
        #expect(token.error == nil, "\(token.errors)")
    }

    @Test("--par pushes the request: the provider receives state and PKCE at its PAR endpoint, the browser only a request_uri")
    func pushedAuthorization() async throws {
        let harness = try LoginHarness()
        var options = harness.options()
        options.pushedAuthorization = true
        options.loginHint = "alice@example.com"
        let login = await Self.login(harness, options)
        #expect(login.error == nil, "\(login.errors)")
        let pushed = try #require(harness.forms(to: .pushedAuthorization).first)
        #expect(Self.value("code_challenge_method", in: pushed) == "S256")
        #expect(Self.value("state", in: pushed) != nil && Self.value("login_hint", in: pushed) == "alice@example.com")
        let query = Self.query(try #require(harness.opened.withLock { $0.first }))
        #expect(query["request_uri"]?.hasPrefix("urn:ietf:params:oauth:request_uri:") == true)
        #expect(query["code_challenge"] == nil && query["state"] == nil)
        let settings = try String(contentsOfFile: harness.path("default", "profile.json"), encoding: .utf8)
        #expect(settings.contains("\"pushed_authorization\": true"))
    }

    @Test("--dpop binds the tokens: proofs at the token endpoint, the key only in the 0600 token file, a refresh proves it again")
    func dpop() async throws {
        let harness = try LoginHarness()
        var options = harness.options()
        options.dpop = true
        let login = await Self.login(harness, options)
        #expect(login.error == nil, "\(login.errors)")
        let exchange = try #require(harness.requests(to: .token).first)
        #expect(exchange.header("DPoP") != nil)
        let query = Self.query(try #require(harness.opened.withLock { $0.first }))
        let stored = try #require(try await harness.storedTokens())
        let key = try #require(stored.dpopKey)
        #expect(query["dpop_jkt"] == key.thumbprint)
        #expect(stored.isDPoPBound)
        #expect(PrivateFile.mode(harness.path("default", "tokens.json")) == 0o600)
        let settings = try String(contentsOfFile: harness.path("default", "profile.json"), encoding: .utf8)
        #expect(settings.contains("\"dpop\": true") && !settings.contains("\"d\""))

        harness.time.advance(by: 7200)
        let token = await command { terminal throws(CLIError) in
            try TokenCommands.run(.access, TokenOptions(format: .header), environment: harness.environment, terminal: &terminal)
        }
        #expect(token.error == nil, "\(token.errors)")
        let refresh = try #require(harness.requests(to: .token).last)
        let refreshForm = try FormParameter.parse(refresh.body)
        #expect(refresh.header("DPoP") != nil && Self.value("grant_type", in: refreshForm) == "refresh_token")
        let renewed = try #require(try await harness.storedTokens())
        #expect(renewed.dpopKey?.thumbprint == key.thumbprint)
        #expect(token.output == "Authorization: DPoP \(renewed.accessToken)\n")
    }

    @Test("--param refuses the parameters authflow sets itself, naming the option that sets it")
    func reservedParameters() throws {
        for name in ["state", "nonce", "code_challenge", "redirect_uri", "client_id", "response_type", "prompt"] {
            #expect(throws: CLIError.self) { try LoginCommand.parameter("\(name)=x") }
        }
        #expect(throws: CLIError.self) { try LoginCommand.parameter("=x") }
        #expect(throws: CLIError.self) { try LoginCommand.parameter("no-equals") }
        #expect(try LoginCommand.parameter("ui_locales=de CH=1") == FormParameter(name: "ui_locales", value: "de CH=1"))
        do {
            _ = try LoginCommand.parameter("prompt=login")
        } catch {
            #expect(error.message.contains("--prompt"))
        }
    }

    @Test("the new flags parse into the login options")
    func parsing() throws {
        let line = [
            "login", "--issuer", "https://id.example.com", "--client-id", "app", "--client-secret-env", "APP_SECRET", "--client-auth",
            "client_secret_jwt", "--dpop", "--par", "--resource", "https://a.example/", "--resource", "https://b.example/", "--prompt",
            "login", "--login-hint", "bob", "--acr-values", "urn:a urn:b", "--max-age", "60", "--param", "ui_locales=fr",
        ]
        guard case .run(_, let arguments) = try CommandLineParser.parse(line, commands: [LoginCommand.self]) else {
            Issue.record("not a run")
            return
        }
        let options = try LoginCommand.options(arguments)
        #expect(options.clientAuthentication == .clientSecretJWT && options.clientSecret == .environment("APP_SECRET"))
        #expect(options.dpop && options.pushedAuthorization)
        #expect(options.resources == ["https://a.example/", "https://b.example/"])
        #expect(options.prompt == ["login"] && options.loginHint == "bob" && options.acrValues == ["urn:a", "urn:b"])
        #expect(options.maxAge == 60 && options.parameters == [FormParameter(name: "ui_locales", value: "fr")])
        var terminal = MemoryTerminal()
        #expect(terminal.run("login", "--client-auth", "client_secret_magic", "--issuer", "https://id.example.com") == 2)
        #expect(terminal.run("login", "--par", "--device", "--issuer", "https://id.example.com") == 2)
        #expect(terminal.run("login", "--ciba", "--device", "--login-hint", "a", "--issuer", "https://id.example.com") == 2)
        #expect(terminal.run("login", "--ciba", "--issuer", "https://id.example.com", "--client-id", "a") == 2)
        #expect(terminal.run("login", "--binding-message", "W4SCT", "--issuer", "https://id.example.com", "--client-id", "a") == 2)
        #expect(terminal.run("login", "--param", "state=x", "--issuer", "https://id.example.com", "--client-id", "a") == 2)
        #expect(terminal.run("login", "--max-age", "-1", "--issuer", "https://id.example.com", "--client-id", "a") == 2)
    }
}
