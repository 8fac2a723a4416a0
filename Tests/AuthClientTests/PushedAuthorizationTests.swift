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

/// RFC 9126 §2.1, §2.2 and §4, transcribed in `RFC/oauth-par-token-exchange-examples.json`.
struct RFC9126Examples: Decodable {
    struct Examples: Decodable {
        let authorization: String
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let request_parameters: [String]
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let response_body: String
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let request_uri: String
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let expires_in: Int64
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let authorization_query: String
    }
    let rfc9126: Examples
}

@Suite("Pushed authorization requests (RFC 9126): pushed when required, never downgraded, single use")
struct PushedAuthorizationTests {
    static func requiringPAR(_ configuration: inout FakeOpenIDProvider.Configuration) {
        configuration.requiresPushedAuthorizationRequests = true
    }

    /// Opens `request` in the fake browser and completes the login with its redirect.
    static func complete(_ request: AuthorizationRequest, _ fixture: Fixture) async throws(AuthClientError) -> User {
        let session = AuthenticationSession(url: request.url, callback: request.callback, userAgent: fixture.provider.browser())
        let redirect: Redirect
        do {
            redirect = try await session.authenticate()
        } catch {
            throw .session(error)
        }
        return try await fixture.client.completeLogin(request, redirect: redirect)
    }

    @Test("a provider that requires PAR gets the parameters pushed; the browser carries client_id and request_uri only")
    func requiredPush() async throws {
        let fixture = try Fixture(configure: Self.requiringPAR)
        var generator = SeededRandomNumberGenerator(seed: 3)
        let request = try await fixture.client.preparedAuthorizationRequest(using: &generator)
        #expect(try request.url.queryParameters().map(\.name) == ["client_id", "request_uri"])
        let pushed = try #require(request.pushed)
        #expect(pushed.requestURI.hasPrefix("urn:ietf:params:oauth:request_uri:"))
        #expect(pushed.expiresAt == Fixture.start.adding(seconds: 60))
        let user = try await Self.complete(request, fixture)
        #expect(user.subject == "alice")
        _ = try await fixture.login(seed: 4)
        #expect(fixture.provider.requestCount(.pushedAuthorization) == 2)
    }

    @Test("PAR is optional otherwise: .always pushes, .automatic does not")
    func optionalPush() async throws {
        let fixture = try Fixture()
        var generator = SeededRandomNumberGenerator(seed: 3)
        let plain = try await fixture.client.preparedAuthorizationRequest(using: &generator)
        #expect(plain.pushed == nil)
        let pushed = try await fixture.client.preparedAuthorizationRequest(.init(pushedAuthorization: .always), using: &generator)
        #expect(pushed.pushed != nil)
        _ = try await Self.complete(pushed, fixture)
        #expect(fixture.provider.requestCount(.pushedAuthorization) == 1)
    }

    @Test("PAR required but the client tried without: .never and the synchronous builder refuse; the provider refuses a plain URL")
    func requiredButNotPushed() async throws {
        let fixture = try Fixture(configure: Self.requiringPAR)
        var generator = SeededRandomNumberGenerator(seed: 3)
        await #expect(
            throws: AuthClientError.pushedAuthorizationUnavailable(
                "the provider requires pushed authorization requests (require_pushed_authorization_requests) and the options say .never")
        ) {
            try await fixture.client.preparedAuthorizationRequest(.init(pushedAuthorization: .never), using: &generator)
        }
        #expect(throws: AuthClientError.pushedAuthorizationUnavailable("this request must be pushed: use preparedAuthorizationRequest")) {
            try fixture.client.authorizationRequest(using: &generator)
        }
        // A client whose metadata does not say PAR is required sends a plain request: the provider refuses it.
        var metadata = fixture.provider.metadata
        metadata.requiresPushedAuthorizationRequests = false
        let client = try AuthClient(configuration: fixture.client.configuration, metadata: metadata, transport: fixture.provider)
        do {
            _ = try await client.login(with: fixture.provider.browser(), using: &generator)
            Issue.record("a plain request was accepted by a provider that requires PAR")
        } catch {
            #expect(error.oauthError == .invalidRequest)
        }
        #expect(fixture.provider.requestCount(.pushedAuthorization) == 0)
    }

    @Test("a required push without an endpoint, or to an http endpoint, fails before any request")
    func missingOrInsecureEndpoint() async throws {
        let fixture = try Fixture(configure: Self.requiringPAR)
        var generator = SeededRandomNumberGenerator(seed: 3)
        for endpoint in [nil, "http://par.example.com/par"] {
            var metadata = fixture.provider.metadata
            metadata.pushedAuthorizationRequestEndpoint = endpoint
            let client = try AuthClient(configuration: fixture.client.configuration, metadata: metadata, transport: fixture.provider)
            do {
                _ = try await client.preparedAuthorizationRequest(using: &generator)
                Issue.record("pushed to \(endpoint ?? "nothing")")
            } catch {
                let expected: AuthClientError =
                    endpoint == nil
                    ? .pushedAuthorizationUnavailable("the provider's metadata has no pushed_authorization_request_endpoint")
                    : .insecureURL(name: "pushed_authorization_request_endpoint", url: "http://par.example.com/par")
                #expect(error == expected)
            }
        }
        #expect(fixture.provider.requestCount(.pushedAuthorization) == 0)
    }

    @Test("an expired request_uri and a reused one are refused by the provider's error page")
    func expiredAndReused() async throws {
        let fixture = try Fixture(configure: Self.requiringPAR)
        var generator = SeededRandomNumberGenerator(seed: 3)
        let refused = AuthClientError.session(
            .userAgentFailed("the provider shows an error page: invalid_request_uri (unknown, used or expired; RFC 9126 §4)"))
        let expiring = try await fixture.client.preparedAuthorizationRequest(using: &generator)
        fixture.time.advance(by: 60)
        await #expect(throws: refused) { try await Self.complete(expiring, fixture) }

        let reused = try await fixture.client.preparedAuthorizationRequest(using: &generator)
        fixture.time.advance(by: 59)
        _ = try await Self.complete(reused, fixture)
        await #expect(throws: refused) { try await Self.complete(reused, fixture) }
    }

    @Test("an error response is typed with its status and OAuth error; a 201 without request_uri is refused")
    func errorResponses() async throws {
        let fixture = try Fixture(configure: Self.requiringPAR)
        var generator = SeededRandomNumberGenerator(seed: 3)
        fixture.provider.fail(.pushedAuthorization, with: .oauthError(.invalidRequest))
        do {
            _ = try await fixture.client.preparedAuthorizationRequest(using: &generator)
            Issue.record("an error response was accepted")
        } catch {
            guard case .pushedAuthorizationRefused(400, let response) = error else { throw error }
            #expect(response.error == .invalidRequest)
            #expect(error.oauthError == .invalidRequest)
            #expect(error.code == 10202)
        }
        let empty = ScriptedTransport([TransportResponse(status: 201, body: Array(#"{"expires_in": 60}"#.utf8))])
        let client = try AuthClient(configuration: fixture.client.configuration, metadata: fixture.provider.metadata, transport: empty)
        await #expect(throws: AuthClientError.invalidPushedAuthorizationResponse("'request_uri' is missing or not a string")) {
            try await client.preparedAuthorizationRequest(using: &generator)
        }
    }

    @Test("with client_secret_jwt the push carries a client assertion and one client_id")
    func pushWithClientAssertion() async throws {
        let fixture = try Fixture(authentication: .clientSecretJWT(Fixture.secret), configure: Self.requiringPAR)
        _ = try await fixture.login()
        #expect(fixture.provider.requestCount(.pushedAuthorization) == 1)
    }

    @Test("metadata: the endpoint and the flag are read from discovery; a malformed flag counts as required, never as off")
    func metadata() throws {
        func read(_ members: String) throws -> ProviderMetadata {
            let json =
                #"{"issuer": "https://as.example.com", "authorization_endpoint": "https://as.example.com/a", "#
                + #""token_endpoint": "https://as.example.com/t", "jwks_uri": "https://as.example.com/k""# + members + "}"
            return try ProviderMetadata(json: Array(json.utf8), expectedIssuer: "https://as.example.com")
        }
        let required = try read(
            #", "pushed_authorization_request_endpoint": "https://as.example.com/par", "require_pushed_authorization_requests": true"#)
        #expect(required.pushedAuthorizationRequestEndpoint == "https://as.example.com/par")
        #expect(required.requiresPushedAuthorizationRequests)
        #expect(try !read("").requiresPushedAuthorizationRequests)
        #expect(try read("").pushedAuthorizationRequestEndpoint == nil)
        #expect(try !read(#", "require_pushed_authorization_requests": false"#).requiresPushedAuthorizationRequests)
        #expect(try read(#", "require_pushed_authorization_requests": "false""#).requiresPushedAuthorizationRequests)
        var edited = required
        edited.requiresPushedAuthorizationRequests = false
        edited.pushedAuthorizationRequestEndpoint = nil
        #expect(!edited.requiresPushedAuthorizationRequests && edited.pushedAuthorizationRequestEndpoint == nil)
        #expect(edited.document["token_endpoint"]?.stringValue == "https://as.example.com/t")
    }

    @Test("the wire matches RFC 9126: §2.2's response read, §4's authorization URL, §2.1's parameters pushed with Basic")
    func rfcExamples() async throws {
        let examples = try Vectors.json("RFC/oauth-par-token-exchange-examples.json", as: RFC9126Examples.self).rfc9126
        let pushed = try PushedAuthorizationResponse(json: Array(examples.response_body.utf8), receivedAt: Fixture.start)
        #expect(pushed.requestURI == examples.request_uri)
        #expect(pushed.expiresIn == examples.expires_in)

        let configuration = try ClientConfiguration(
            issuer: "https://as.example.com", clientID: "CLIENT1234", clientAuthentication: .clientSecretBasic("7Fjfp0ZBr1KtDRbnfVdmIw"),
            redirectURI: "https://client.example.org/cb")
        var metadata = ProviderMetadata(
            issuer: "https://as.example.com", authorizationEndpoint: "https://as.example.com/authorize",
            tokenEndpoint: "https://as.example.com/token", jwksURI: "https://as.example.com/jwks")
        metadata.pushedAuthorizationRequestEndpoint = "https://as.example.com/as/par"
        metadata.requiresPushedAuthorizationRequests = true
        let transport = ScriptedTransport([TransportResponse(status: 201, body: Array(examples.response_body.utf8))])
        let client = try AuthClient(configuration: configuration, metadata: metadata, transport: transport, clock: .fixed(Fixture.start))
        var generator = SeededRandomNumberGenerator(seed: 3)
        let request = try await client.preparedAuthorizationRequest(using: &generator)
        #expect(request.url.query == examples.authorization_query)

        let sent = try #require(transport.requests.first)
        #expect(sent.url == "https://as.example.com/as/par")
        #expect(sent.method == .post)
        #expect(sent.header("Content-Type") == "application/x-www-form-urlencoded")
        // The RFC's example uses the RFC 6749 client s6BhdRkqt3 in the header; ours is CLIENT1234's.
        #expect(sent.header("Authorization")?.hasPrefix("Basic ") == true)
        let names = try FormParameter.parse(sent.body).map(\.name)
        #expect(Set(examples.request_parameters).isSubset(of: Set(names)))
        #expect(names.filter { $0 == "client_id" }.count == 1)
        #expect(!names.contains("request_uri"))
    }
}
