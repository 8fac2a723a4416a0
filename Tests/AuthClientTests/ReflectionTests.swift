// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthPKCE
import AuthTesting
import TestVectors
import Testing

@Suite("AuthClient: secrets stay out of dump and Mirror")
struct ClientReflectionTests {
    @Test("dump shows no client secret, verifier, state, nonce, token or body, but still the settings and endpoints")
    func redacted() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        let tokens = try #require(await user.tokens)
        var generator = SeededRandomNumberGenerator(seed: 7)
        let authorization = try fixture.client.authorizationRequest(using: &generator)
        var request = TransportRequest(
            method: .post, url: "https://api.example/orders?code=SECRET-QUERY", body: Array("client_secret=SECRET-BODY".utf8))
        request.setHeader("Authorization", "Bearer SECRET-BEARER")
        let response = TransportResponse(status: 200, body: Array(#"{"access_token":"SECRET-RESPONSE"}"#.utf8))
        let secrets = [
            Fixture.secret, tokens.accessToken, try #require(tokens.refreshToken), try #require(tokens.idToken),
            authorization.state.value, authorization.nonce.value, authorization.pkce.verifier.value, "SECRET",
        ]
        let values: [Any] = [
            ClientAuthentication.clientSecretBasic(Fixture.secret), ClientAuthentication.clientSecretPost(Fixture.secret),
            fixture.client.configuration, fixture.client, authorization, request, response, user,
        ]
        for value in values {
            let text = dumped(value)
            for secret in secrets { #expect(!text.contains(secret), "\(type(of: value)) shows a secret") }
            #expect(text.contains("<redacted"), "\(type(of: value))")
        }
        #expect(dumped(fixture.client.configuration).contains(fixture.client.configuration.clientID))
        #expect(dumped(authorization).contains(try #require(authorization.url.host)))
        #expect(dumped(request).contains("https://api.example/orders") && dumped(request).contains("Authorization"))
        #expect(dumped(response).contains("200"))
        #expect(dumped(user).contains("alice"))
    }

    @Test("dump shows no exchanged token, client_secret_jwt secret, request_uri or jti generator state")
    func redactedNewTypes() async throws {
        let fixture = try Fixture(configure: { $0.requiresPushedAuthorizationRequests = true })
        let user = try await fixture.login()
        let tokens = try #require(await user.tokens)
        var generator = SeededRandomNumberGenerator(seed: 7)
        let pushed = try await fixture.client.preparedAuthorizationRequest(using: &generator)
        let requestURI = try #require(pushed.pushed?.requestURI)
        let refreshToken: String = try #require(tokens.refreshToken)
        let exchange = TokenExchangeRequest(subjectToken: tokens.accessToken, subjectTokenType: .accessToken, actorToken: refreshToken)
        let exchanged = try await fixture.client.exchangeToken(
            TokenExchangeRequest(subjectToken: tokens.accessToken, subjectTokenType: .accessToken))
        let values: [Any] = [
            ClientAuthentication.clientSecretJWT(Fixture.secret), exchange, exchanged, try #require(pushed.pushed), pushed,
            ClientAssertionIDGenerator(SeededRandomNumberGenerator(seed: 1)),
        ]
        let secrets = [Fixture.secret, tokens.accessToken, refreshToken, exchanged.accessToken, requestURI]
        for value in values {
            let text = dumped(value)
            for secret in secrets { #expect(!text.contains(secret), "\(type(of: value)) shows a secret") }
            #expect(text.contains("<redacted"), "\(type(of: value))")
            #expect(!"\(value)".contains(Fixture.secret))
        }
    }
}
