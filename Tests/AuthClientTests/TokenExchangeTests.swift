// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJWT
import AuthTesting
import TestVectors
import Testing

/// RFC 8693 §2.3, transcribed in `RFC/oauth-par-token-exchange-examples.json`.
struct RFC8693Examples: Decodable {
    struct Examples: Decodable {
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let client_id: String
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let client_secret: String
        let authorization: String
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let request_body: String
        let resource: String
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let subject_token: String
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let response_body: String
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let issued_token_type: String
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let expires_in: Int64
    }
    let rfc8693: Examples
}

@Suite("Token exchange (RFC 8693): the §2.3 wire, the fake provider's grant, and its refusals")
struct TokenExchangeTests {
    @Test("the request and response of RFC 8693 §2.3, byte for byte")
    func rfcExample() async throws {
        let example = try Vectors.json("RFC/oauth-par-token-exchange-examples.json", as: RFC8693Examples.self).rfc8693
        let configuration = try ClientConfiguration(
            issuer: "https://as.example.com", clientID: example.client_id,
            clientAuthentication: .clientSecretBasic(example.client_secret), redirectURI: "https://client.example.org/cb")
        let metadata = ProviderMetadata(
            issuer: "https://as.example.com", authorizationEndpoint: "https://as.example.com/authorize",
            tokenEndpoint: "https://as.example.com/as/token.oauth2", jwksURI: "https://as.example.com/jwks")
        let transport = ScriptedTransport([TransportResponse(status: 200, body: Array(example.response_body.utf8))])
        let client = try AuthClient(configuration: configuration, metadata: metadata, transport: transport, clock: .fixed(Fixture.start))
        let response = try await client.exchangeToken(
            TokenExchangeRequest(subjectToken: example.subject_token, subjectTokenType: .accessToken, resources: [example.resource]))
        let sent = try #require(transport.requests.first)
        #expect(String(decoding: sent.body, as: UTF8.self) == example.request_body)
        #expect(sent.header("Authorization") == example.authorization)
        #expect(response.issuedTokenType == TokenType(rawValue: example.issued_token_type))
        #expect(response.expiresIn == example.expires_in)
        #expect(response.tokenType == "Bearer")
        #expect(!"\(response)".contains(response.accessToken))
    }

    @Test("the fake provider exchanges the user's access token for one whose audience is the resource")
    func exchange() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        let tokens = try #require(await user.tokens)
        let response = try await fixture.client.exchangeToken(
            TokenExchangeRequest(
                subjectToken: tokens.accessToken, subjectTokenType: .accessToken, actorToken: tokens.accessToken,
                requestedTokenType: .accessToken, resources: ["https://files.authflow.test/"]))
        #expect(response.issuedTokenType == .accessToken)
        #expect(response.expiresAt == Fixture.start.adding(seconds: 3600))
        #expect(fixture.provider.audience(ofAccessToken: response.accessToken) == ["https://files.authflow.test/"])
    }

    @Test("refusals: an unknown resource (invalid_target), a subject token the provider does not know (invalid_request)")
    func refused() async throws {
        let fixture = try Fixture()
        let user = try await fixture.login()
        let tokens = try #require(await user.tokens)
        let cases: [(TokenExchangeRequest, OAuthErrorCode)] = [
            (
                TokenExchangeRequest(
                    subjectToken: tokens.accessToken, subjectTokenType: .accessToken, audiences: ["https://unknown.example/"]),
                .invalidTarget
            ),
            (TokenExchangeRequest(subjectToken: "not-a-token", subjectTokenType: .accessToken), .invalidRequest),
            (TokenExchangeRequest(subjectToken: tokens.accessToken, subjectTokenType: .idToken), .invalidRequest),
        ]
        for (request, code) in cases {
            do {
                _ = try await fixture.client.exchangeToken(request)
                Issue.record("exchanged \(request)")
            } catch {
                #expect(error.oauthError == code)
            }
        }
    }

    @Test("an issued_token_type other than the requested one is refused")
    func wrongIssuedType() async throws {
        let fixture = try Fixture(configure: { $0.tokenExchangeIssuedTokenType = .jwt })
        let user = try await fixture.login()
        let tokens = try #require(await user.tokens)
        await #expect(
            throws: AuthClientError.invalidTokenExchangeResponse(
                "issued_token_type is urn:ietf:params:oauth:token-type:jwt, not the requested urn:ietf:params:oauth:token-type:access_token"
            )
        ) {
            try await fixture.client.exchangeToken(
                TokenExchangeRequest(subjectToken: tokens.accessToken, subjectTokenType: .accessToken, requestedTokenType: .accessToken))
        }
    }

    @Test("a response without issued_token_type is refused")
    func missingIssuedType() async throws {
        #expect(throws: AuthClientError.invalidTokenExchangeResponse("'issued_token_type' is missing")) {
            try TokenExchangeResponse(json: Array(#"{"access_token": "x", "token_type": "N_A"}"#.utf8), receivedAt: Fixture.start)
        }
    }
}
