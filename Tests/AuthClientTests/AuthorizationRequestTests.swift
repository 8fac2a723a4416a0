// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthCallback
import AuthClient
import AuthDigest
import AuthPKCE
import AuthSession
import AuthTesting
import Testing

@Suite("AuthorizationRequest: RFC 6749 §4.1.1, RFC 7636 §4.3, OpenID Connect Core §3.1.2.1")
struct AuthorizationRequestTests {
    @Test("the URL carries every parameter once, with the S256 challenge of the verifier kept back")
    func parameters() throws {
        let fixture = try Fixture()
        var generator = SeededRandomNumberGenerator(seed: 3)
        let request = try fixture.client.authorizationRequest(
            .init(
                prompt: [.login, .consent], loginHint: "alice@example.com", maxAge: 600,
                additionalParameters: [FormParameter(name: "ui_locales", value: "fr en")]),
            using: &generator)
        let parameters = try request.url.queryParameters()
        func value(_ name: String) -> String? { parameters.first { $0.name == name }?.value }
        #expect(request.url.text.hasPrefix(fixture.provider.url(of: .authorization) + "?"))
        #expect(value("response_type") == "code")
        #expect(value("client_id") == "demo-app")
        #expect(value("redirect_uri") == "com.example.app:/oauth/callback")
        #expect(value("scope") == "openid email profile")
        #expect(value("state") == request.state.value)
        #expect(value("nonce") == request.nonce.value)
        #expect(value("code_challenge_method") == "S256")
        #expect(value("code_challenge") == Base64URL.encode(SHA256.hash(data: request.pkce.verifier.value.utf8)))
        #expect(value("prompt") == "login consent")
        #expect(value("login_hint") == "alice@example.com")
        #expect(value("max_age") == "600")
        #expect(value("ui_locales") == "fr en")
        #expect(value("code_verifier") == nil)
        #expect(!request.url.text.contains(request.pkce.verifier.value))
        #expect(Set(parameters.map(\.name)).count == parameters.count)
        #expect(!request.description.contains(request.state.value))
    }

    @Test("extra scopes are sent once each, in the order they first appear, after the configuration's own")
    func extraScopesOnceInOrder() throws {
        let fixture = try Fixture()
        var generator = SeededRandomNumberGenerator(seed: 5)
        let extra = ["orders:read", "email", "b", "orders:read", "a", "openid", "b", "c", "a"].map(Scope.init(rawValue:))
        let request = try fixture.client.authorizationRequest(.init(extraScopes: extra), using: &generator)
        let scope = try request.url.queryParameters().first { $0.name == "scope" }?.value
        #expect(scope == "openid email profile orders:read b a c")
    }

    @Test("many extra scopes, half of them repeated, keep first-occurrence order")
    func manyExtraScopes() throws {
        let fixture = try Fixture()
        var generator = SeededRandomNumberGenerator(seed: 6)
        let extra = (0..<4000).map { Scope(rawValue: "s\(($0 * 7) % 2000)") }
        let request = try fixture.client.authorizationRequest(.init(extraScopes: extra), using: &generator)
        let scope = try #require(try request.url.queryParameters().first { $0.name == "scope" }?.value)
        let expected = ["openid", "email", "profile"] + (0..<2000).map { "s\(($0 * 7) % 2000)" }
        #expect(scope.split(separator: " ").map(String.init) == expected)
    }

    @Test("two requests never share a state, nonce or verifier")
    func fresh() throws {
        let fixture = try Fixture()
        var generator = SystemRandomNumberGenerator()
        let first = try fixture.client.authorizationRequest(using: &generator)
        let second = try fixture.client.authorizationRequest(using: &generator)
        #expect(first.state != second.state)
        #expect(first.nonce != second.nonce)
        #expect(first.pkce.verifier != second.pkce.verifier)
    }

    @Test("extra parameters may not replace one the client sets", arguments: ["state", "code_challenge_method", "redirect_uri", "nonce"])
    func reserved(name: String) throws {
        let fixture = try Fixture()
        var generator = SeededRandomNumberGenerator(seed: 3)
        #expect(throws: AuthClientError.self) {
            try fixture.client.authorizationRequest(.init(additionalParameters: [FormParameter(name: name, value: "x")]), using: &generator)
        }
    }

    @Test("the response must carry the state sent and, when the provider says so, its iss (RFC 9207)")
    func responseChecks() throws {
        let fixture = try Fixture()
        var generator = SeededRandomNumberGenerator(seed: 3)
        let request = try fixture.client.authorizationRequest(using: &generator)
        let base = "com.example.app:/oauth/callback?code=abc&state=\(request.state.value)"
        let good = try request.response(from: Redirect(callbackURL: URI(parsing: base + "&iss=https%3A%2F%2Ffake-provider.authflow.test")))
        #expect(good.code == "abc")
        let cases: [(String, Int)] = [
            (base, 6013),  // missing iss: the provider advertises it
            (base + "&iss=https%3A%2F%2Fevil.example", 6014),
            ("com.example.app:/oauth/callback?code=abc&state=other&iss=https%3A%2F%2Ffake-provider.authflow.test", 6012),
            (
                "com.example.app:/oauth/callback?error=access_denied&state=\(request.state.value)&iss=https%3A%2F%2Ffake-provider.authflow.test",
                6017
            ),
            ("com.other.app:/oauth/callback?code=abc&state=\(request.state.value)", 6009),
        ]
        for (url, code) in cases {
            do {
                _ = try request.response(from: Redirect(callbackURL: URI(parsing: url)))
                Issue.record("accepted \(url)")
            } catch let error as AuthClientError {
                guard case .callback(let cause) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(cause.code == code, "\(url): \(cause)")
            }
        }
    }

    /// A client of the OAuth-only fake provider with `scopes`.
    static func plainOAuthClient(scopes: [Scope]) throws -> (FakeOpenIDProvider, AuthClient) {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.supportsOpenIDConnect = false
        let provider = FakeOpenIDProvider(configuration)
        let client = try AuthClient(
            configuration: try ClientConfiguration(
                issuer: configuration.issuer, clientID: configuration.clientID, redirectURI: configuration.redirectURIs[0], scopes: scopes),
            metadata: provider.metadata, transport: provider)
        return (provider, client)
    }

    @Test("a plain OAuth 2.0 request carries its scopes, a state and PKCE, and no nonce (an OpenID Connect parameter)")
    func plainOAuthHasNoNonce() throws {
        let (_, client) = try Self.plainOAuthClient(scopes: [Scope(rawValue: "mcp:tools")])
        var generator = SeededRandomNumberGenerator(seed: 3)
        let request = try client.authorizationRequest(using: &generator)
        let names = try request.url.queryParameters().map(\.name)
        #expect(names == ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method"])
        #expect(try request.url.queryParameters().first { $0.name == "scope" }?.value == "mcp:tools")
        #expect(!request.url.text.contains(request.nonce.value))
    }

    @Test("a request without any scope sends no scope parameter (RFC 6749 §3.3: the server's default)")
    func noScopes() throws {
        let (_, client) = try Self.plainOAuthClient(scopes: [])
        var generator = SeededRandomNumberGenerator(seed: 3)
        let request = try client.authorizationRequest(using: &generator)
        #expect(try !request.url.queryParameters().contains { $0.name == "scope" || $0.name == "nonce" })
    }

    @Test("a plain OAuth 2.0 request refuses what only an ID token could show: openid as an extra scope, max_age, acr, amr")
    func plainOAuthRefusesIDTokenChecks() throws {
        let (_, client) = try Self.plainOAuthClient(scopes: [Scope(rawValue: "mcp:tools")])
        var generator = SeededRandomNumberGenerator(seed: 3)
        for options in [
            LoginOptions(extraScopes: [.openID]), LoginOptions(maxAge: 60), LoginOptions(acrValues: [.init(rawValue: "urn:example:loa:2")]),
            LoginOptions(expectedAMR: [.init(rawValue: "mfa")]),
        ] {
            #expect(throws: AuthClientError.self, "\(options)") { try client.authorizationRequest(options, using: &generator) }
        }
        // acr_values may still be sent when the app says it does not expect to see them checked.
        let request = try client.authorizationRequest(
            LoginOptions(acrValues: [.init(rawValue: "urn:example:loa:2")], expectedACR: []), using: &generator)
        #expect(try request.url.queryParameters().contains(FormParameter(name: "acr_values", value: "urn:example:loa:2")))
    }
}
