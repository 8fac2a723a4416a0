// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJWT
import AuthSession
import AuthTesting
import Foundation
import TestVectors
import Testing

@testable import AuthFlowCLI

/// `login --client-auth` and `--private-key-file`, HS256 ID tokens for a client with a secret, and
/// `token --client-credentials`, against `authflow provider` over HTTP.
@Suite("authflow login and token: client authentication methods, HS256 ID tokens and the client credentials grant", .serialized)
struct LoginClientAuthenticationTests {
    static let secret = LocalProvider.confidentialClientSecret
    static func value(_ name: String, in form: [FormParameter]) -> String? { form.first { $0.name == name }?.value }

    static func run(
        _ harness: LoginHarness, _ options: AuthFlowCLI.LoginOptions, files: [String: [UInt8]] = [:]
    ) async -> CommandOutcome {
        let environment = harness.environment
        var terminal = MemoryTerminal()
        terminal.files = files
        return await command(terminal) { terminal throws(CLIError) in
            try LoginFlow.run(options, environment: environment, terminal: &terminal)
        }
    }

    static func token(_ harness: LoginHarness, _ options: TokenOptions, files: [String: [UInt8]] = [:]) async -> CommandOutcome {
        let environment = harness.environment
        var terminal = MemoryTerminal()
        terminal.files = files
        return await command(terminal) { terminal throws(CLIError) in
            try TokenCommands.run(.access, options, environment: environment, terminal: &terminal)
        }
    }

    static let secretFile = ["/secret": Array((secret + "\n").utf8)]

    /// The options that set profile "ci" up for the client credentials grant: the confidential client, its
    /// secret in ``secretFile``, the scope `reports:read`.
    static func clientCredentialsSetup(_ harness: LoginHarness) -> AuthFlowCLI.LoginOptions {
        var setup = harness.options(profile: "ci")
        setup.clientID = LocalProvider.confidentialClientID
        setup.clientSecret = .file("/secret")
        setup.scopes = ["reports:read"]
        setup.oauth2 = true
        return setup
    }

    @Test(
        "client_secret_post and client_secret_jwt: the provider receives the secret in the form, or an assertion and never the secret",
        arguments: [
            (LocalProvider.postClientID, ClientAuthenticationMethod.clientSecretPost),
            (LocalProvider.jwtClientID, ClientAuthenticationMethod.clientSecretJWT),
        ])
    func secretMethods(clientID: String, method: ClientAuthenticationMethod) async throws {
        let harness = try LoginHarness()
        var options = harness.options(profile: "ci")
        options.clientID = clientID
        options.clientSecret = .file("/secret")
        options.clientAuthentication = method
        let login = await Self.run(harness, options, files: Self.secretFile)
        #expect(login.error == nil, "\(login.errors)")
        #expect(!login.output.contains(Self.secret) && !login.errors.contains(Self.secret))
        let exchange = try #require(harness.requests(to: .token).first)
        let form = try FormParameter.parse(exchange.body)
        #expect(exchange.header("Authorization") == nil)
        switch method {
        case .clientSecretPost: #expect(Self.value("client_secret", in: form) == Self.secret)
        default:
            #expect(Self.value("client_assertion_type", in: form) == "urn:ietf:params:oauth:client-assertion-type:jwt-bearer")
            #expect(!String(decoding: exchange.body, as: UTF8.self).contains(Self.secret))
        }
        let settings = try String(contentsOfFile: harness.path("ci", "profile.json"), encoding: .utf8)
        #expect(settings.contains("\"client_authentication\": \"\(method.rawValue)\"") && !settings.contains(Self.secret))

        // A refresh authenticates the same way, with only --profile.
        harness.time.advance(by: 7200)
        let token = await Self.token(harness, TokenOptions(profile: "ci"), files: Self.secretFile)
        #expect(token.error == nil, "\(token.errors)")
        let refresh = try FormParameter.parse(try #require(harness.requests(to: .token).last).body)
        #expect(Self.value("grant_type", in: refresh) == "refresh_token")
        #expect(Self.value(method == .clientSecretPost ? "client_secret" : "client_assertion", in: refresh) != nil)
    }

    @Test("private_key_jwt with an OpenSSL PKCS#8 PEM: the provider verifies the assertion; the profile keeps the path, never the key")
    func privateKeyJWT() async throws {
        let jwk = try Vectors.data("OpenSSL/p256.jwk.json")
        let key = try P256PrivateKey(jwk: Array(jwk))
        let harness = try LoginHarness { configuration in
            configuration.additionalClients["authflow-key"] = .privateKeyJWT(ClientAssertionKey(key))
        }
        var options = harness.options(profile: "svc")
        options.clientID = "authflow-key"
        options.privateKeyFile = "/key.pem"
        let pem = Array(try Vectors.data("OpenSSL/p256-pkcs8.pem"))
        let login = await Self.run(harness, options, files: ["/key.pem": pem])
        #expect(login.error == nil, "\(login.errors)")
        let form = try FormParameter.parse(try #require(harness.requests(to: .token).first).body)
        #expect(Self.value("client_assertion", in: form) != nil && Self.value("client_secret", in: form) == nil)
        let settings = try String(contentsOfFile: harness.path("svc", "profile.json"), encoding: .utf8)
        #expect(settings.contains("\"private_key_jwt\"") && settings.contains("\"/key.pem\""))
        #expect(!settings.contains("\"d\"") && !settings.contains("BEGIN"))
        let printed = login.output + login.errors
        #expect(!printed.contains("BEGIN") && !printed.contains("MIGHAgEA"))

        // Without the key file the method is a usage error, before any request.
        var missing = harness.options(profile: "other")
        missing.clientID = "authflow-key"
        missing.clientAuthentication = .privateKeyJWT
        let refused = await Self.run(harness, missing)
        #expect(refused.status == 2 && refused.error?.message.contains("--private-key-file") == true)
    }

    /// A secret of 256 bits, the least an HS256 key may have (RFC 7518 §3.2).
    static let longSecret = "a-client-secret-of-thirty-two-bytes"

    @Test("a confidential client accepts HS256 ID tokens, validated with its secret (OIDC Core §10.1)")
    func hs256WithSecret() async throws {
        let harness = try LoginHarness { configuration in
            configuration.signingKey = .hs256(secret: Self.longSecret)
            configuration.additionalClients["authflow-hs"] = .clientSecretPost(Self.longSecret)
        }
        var options = harness.options(profile: "hs")
        options.clientID = "authflow-hs"
        options.clientSecret = .environment("HS_SECRET")
        options.clientAuthentication = .clientSecretPost
        let environment = harness.environment.with(variables: ["HS_SECRET": Self.longSecret])
        let hs = options
        let login = await command { terminal throws(CLIError) in
            try LoginFlow.run(hs, environment: environment, terminal: &terminal)
        }
        #expect(login.error == nil, "\(login.errors)")
        let stored = try #require(try await harness.storedTokens("hs", clientID: "authflow-hs"))
        let idToken = try #require(stored.idToken)
        #expect(try JWS(compact: idToken).header.algorithm == .hs256)
    }

    @Test("HS256 only and a secret under 256 bits: the login fails before the browser, saying why")
    func hs256ShortSecret() async throws {
        let harness = try LoginHarness { $0.signingKey = .hs256(secret: Self.longSecret) }
        var options = harness.options(profile: "short")
        options.clientID = LocalProvider.confidentialClientID
        options.clientSecret = .file("/secret")
        let login = await Self.run(harness, options, files: Self.secretFile)
        #expect(login.status == 1 && login.error?.message.contains("RFC 7518 §3.2") == true)
        #expect(harness.opened.withLock { $0.isEmpty } && harness.provider.requestCount(.token) == 0)
    }

    @Test("HS256 only and no secret: the login fails before the browser, saying which option gives the secret")
    func hs256WithoutSecret() async throws {
        let harness = try LoginHarness { $0.signingKey = .hs256(secret: LocalProvider.confidentialClientSecret) }
        let login = await Self.run(harness, harness.options())
        #expect(login.status == 1)
        #expect(login.error?.message.contains("HS256") == true && login.error?.message.contains("--client-secret-file") == true)
        #expect(harness.opened.withLock { $0.isEmpty })
        #expect(harness.provider.requestCount(.authorization) == 0 && harness.provider.requestCount(.token) == 0)
    }

    @Test("token --client-credentials: the grant with scope and resource, the token cached until it expires, then a new one")
    func clientCredentials() async throws {
        let harness = try LoginHarness()
        var setup = Self.clientCredentialsSetup(harness)
        setup.resources = ["https://api.authflow.test/"]
        let first = await Self.token(harness, TokenOptions(profile: "ci", clientCredentials: true, setup: setup), files: Self.secretFile)
        #expect(first.error == nil, "\(first.errors)")
        let form = try #require(harness.forms(to: .token).first)
        #expect(Self.value("grant_type", in: form) == "client_credentials")
        #expect(Self.value("scope", in: form) == "reports:read" && Self.value("resource", in: form) == "https://api.authflow.test/")
        #expect(!first.output.contains(Self.secret) && !first.errors.contains(Self.secret))
        let settings = try String(contentsOfFile: harness.path("ci", "profile.json"), encoding: .utf8)
        #expect(settings.contains("\"grant\": \"client_credentials\"") && !settings.contains(Self.secret))

        // Only --profile: the cached token, no request.
        let cached = await Self.token(harness, TokenOptions(profile: "ci"), files: Self.secretFile)
        #expect(cached.error == nil && cached.output == first.output, "\(cached.errors)")
        #expect(harness.provider.clientCredentialsGrantCount == 1)
        // Past its expiry: a new token.
        harness.time.advance(by: 7200)
        let renewed = await Self.token(harness, TokenOptions(profile: "ci", clientCredentials: true), files: Self.secretFile)
        #expect(renewed.error == nil && renewed.output != first.output, "\(renewed.errors)")
        #expect(harness.provider.clientCredentialsGrantCount == 2)

        // id-token has nothing to print for such a profile.
        let environment = harness.environment
        let idToken = await command { terminal throws(CLIError) in
            try TokenCommands.run(.id, TokenOptions(profile: "ci"), environment: environment, terminal: &terminal)
        }
        #expect(idToken.status == 1 && idToken.error?.message.contains("client credentials") == true)
    }

    @Test("token --resource finds a client-credentials profile by its resource and serves that profile's token, not the default's")
    func clientCredentialsByResource() async throws {
        let harness = try LoginHarness()
        var setup = Self.clientCredentialsSetup(harness)
        setup.resources = ["https://api.authflow.test/"]
        let first = await Self.token(harness, TokenOptions(profile: "ci", clientCredentials: true, setup: setup), files: Self.secretFile)
        #expect(first.error == nil, "\(first.errors)")
        var byResource = TokenOptions()
        byResource.resource = "https://api.authflow.test/"
        let served = await Self.token(harness, byResource, files: Self.secretFile)
        #expect(served.error == nil && served.output == first.output, "\(served.errors)")
        #expect(harness.provider.clientCredentialsGrantCount == 1, "the cached token of 'ci', no new grant")
    }

    @Test("token --client-credentials for a public client is a usage error before any request")
    func clientCredentialsPublicClient() async throws {
        let harness = try LoginHarness()
        var setup = harness.options(profile: "ci")
        setup.oauth2 = true
        let outcome = await Self.token(harness, TokenOptions(profile: "ci", clientCredentials: true, setup: setup))
        #expect(outcome.status == 2 && outcome.error?.message.contains("RFC 6749 §4.4") == true)
        #expect(harness.recorded.withLock { $0.isEmpty })
        var terminal = MemoryTerminal()
        #expect(terminal.run("token", "--issuer", "https://id.example.com") == 2)
        #expect(terminal.errors.contains("--client-credentials"))
    }
}
