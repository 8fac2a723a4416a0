// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJWT
import AuthTesting
import Testing

@Suite("AuthClient refresh: a rotated refresh token in a 200 that is refused after it arrives is salvaged, never shown")
struct AuthClientTests {
    static let rotated = "rotated-refresh-token-the-provider-issued"

    static func ok(_ body: String) -> TransportResponse { TransportResponse(status: 200, body: Array(body.utf8)) }

    /// A client on `script`, logging into `log`.
    static func client(_ script: ScriptedTransport, log: LogRecorder = LogRecorder()) throws -> AuthClient {
        let fixture = try Fixture()
        return try AuthClient(
            configuration: fixture.client.configuration, metadata: fixture.provider.metadata, transport: script,
            clock: .manual(fixture.time), sleeper: fixture.sleeper, logger: log.logger())
    }

    @Test(
        "a 200 refused for its token_type, its expires_in or a DPoP token to a Bearer client hands back its refresh token",
        arguments: [
            #"{"access_token":"a","token_type":"N_A","expires_in":60,"refresh_token":"rotated-refresh-token-the-provider-issued"}"#,
            #"{"access_token":"a","token_type":"Bearer","expires_in":-1,"refresh_token":"rotated-refresh-token-the-provider-issued"}"#,
            #"{"access_token":"a","token_type":"Bearer","expires_in":"soon","refresh_token":"rotated-refresh-token-the-provider-issued"}"#,
            #"{"access_token":"a","token_type":"DPoP","expires_in":60,"refresh_token":"rotated-refresh-token-the-provider-issued"}"#,
        ])
    func salvagesFromRefusedResponse(body: String) async throws {
        let script: ScriptedTransport = .scripted([Self.ok(body)])
        let log = LogRecorder()
        let client = try Self.client(script, log: log)
        let (result, salvaged) = await client.refreshTokensSalvaging(TokenSet(accessToken: "old", refreshToken: "r1"))
        #expect(salvaged == Self.rotated)
        guard case .failure(let error) = result else {
            Issue.record("accepted \(body)")
            return
        }
        #expect(error.code == 10009 || error.code == 10352)
        #expect(script.requests.count == 1)  // a 200 is not retried
        // The public method fails the same way, and neither the error nor the log shows the token.
        await #expect(throws: error) {
            try await Self.client(.scripted([Self.ok(body)])).refreshTokens(TokenSet(accessToken: "old", refreshToken: "r1"))
        }
        #expect(log.events.contains(.refresh))
        for text in [error.description, "\(result)", log.text] { #expect(!text.contains(Self.rotated), "\(text)") }
    }

    @Test("nothing is salvaged from a success, an error body (at 200 or 400), a 5xx, or a token equal to the one sent")
    func salvagesNothingElse() async throws {
        let success = #"{"access_token":"a","token_type":"Bearer","refresh_token":"\#(Self.rotated)"}"#
        let (accepted, none) = try await Self.client(.scripted([Self.ok(success)])).refreshTokensSalvaging(
            TokenSet(accessToken: "old", refreshToken: "r1"))
        #expect(none == nil && (try? accepted.get())?.refreshToken == Self.rotated)
        let errorBody = #"{"error":"invalid_grant","refresh_token":"\#(Self.rotated)"}"#
        for status in [200, 400] {
            let response = TransportResponse(status: status, body: Array(errorBody.utf8))
            let (result, salvaged) = try await Self.client(.scripted([response])).refreshTokensSalvaging(
                TokenSet(accessToken: "old", refreshToken: "r1"))
            #expect(salvaged == nil && result.failure?.oauthError == .invalidGrant)
        }
        let body = #"{"access_token":"a","token_type":"N_A","refresh_token":"\#(Self.rotated)"}"#
        let serverError = TransportResponse(status: 500, body: Array(body.utf8))
        let fixture = try Fixture(client: { $0.retryPolicy = .none })
        let noRetries = try AuthClient(
            configuration: fixture.client.configuration, metadata: fixture.provider.metadata, transport: ScriptedTransport([serverError]))
        let (failed, fromServerError) = await noRetries.refreshTokensSalvaging(TokenSet(accessToken: "old", refreshToken: "r1"))
        #expect(fromServerError == nil && failed.failure?.code == 10006)
        let (_, same) = try await Self.client(.scripted([Self.ok(body)])).refreshTokensSalvaging(
            TokenSet(accessToken: "old", refreshToken: Self.rotated))
        #expect(same == nil)
    }

    @Test("a salvaged token survives the retries before it: 503, then a refused 200, is one salvage after two requests")
    func salvageAfterRetry() async throws {
        let body = #"{"access_token":"a","token_type":"N_A","refresh_token":"\#(Self.rotated)"}"#
        let script: ScriptedTransport = .scripted([TransportResponse(status: 503), Self.ok(body)])
        let (result, salvaged) = try await Self.client(script).refreshTokensSalvaging(TokenSet(accessToken: "old", refreshToken: "r1"))
        #expect(salvaged == Self.rotated && result.failure?.code == 10009)
        #expect(script.requests.count == 2)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}

@Suite("AuthClient's own checks: metadata for its issuer only, a token sent over https only")
struct AuthClientChecksTests {
    @Test("AuthClient(configuration:metadata:) refuses metadata for another issuer, compared byte for byte (OpenID Connect Discovery §4.3)")
    func metadataForAnotherIssuer() throws {
        let provider = FakeOpenIDProvider()
        let configuration = try provider.clientConfiguration
        let issuer = configuration.issuer
        for other in [issuer + "/", issuer + "/tenant", "https://evil.example.com", issuer.uppercased()] {
            var metadata = provider.metadata
            metadata.issuer = other
            #expect(throws: AuthClientError.issuerMismatch(expected: issuer, actual: other)) {
                try AuthClient(configuration: configuration, metadata: metadata, transport: provider)
            }
        }
        #expect(try AuthClient(configuration: configuration, metadata: provider.metadata, transport: provider).metadata.issuer == issuer)
    }

    @Test("send(_:authorizedWith:) never sends a bearer or DPoP token over plain http (RFC 6750 §5.3), as User.send does")
    func sendRefusesInsecureURLs() async throws {
        let transport: ScriptedTransport = .immediate(TransportResponse(status: 200))
        let fixture = try Fixture()
        let provided = fixture.client.configuration
        // The fake provider's own configuration allows loopback http; an app's for an https issuer does not.
        let configuration = try ClientConfiguration(
            issuer: provided.issuer, clientID: provided.clientID, redirectURI: provided.redirectURI, scopes: provided.scopes)
        let client = try AuthClient(
            configuration: configuration, metadata: fixture.provider.metadata, transport: transport, clock: .manual(fixture.time))
        var generator = SeededRandomNumberGenerator(seed: 5)
        var dpop = TokenSet(accessToken: "an-access-token-that-must-stay-secret")
        dpop.tokenType = "DPoP"
        dpop.dpopKey = P256PrivateKey.generate(using: &generator)
        let urls = [
            "http://api.example.com/orders", "ftp://api.example.com/x", "not a url", "http://localhost.example.com/x", "http://127.0.0.1/x",
        ]
        for tokens in [TokenSet(accessToken: "an-access-token-that-must-stay-secret"), dpop] {
            for url in urls {
                await #expect(throws: AuthClientError.insecureURL(name: "request URL", url: url)) {
                    try await client.send(TransportRequest(method: .get, url: url), authorizedWith: tokens)
                }
            }
        }
        #expect(transport.requests.isEmpty)
        #expect(
            try await client.send(TransportRequest(method: .get, url: "https://api.example.com/orders"), authorizedWith: dpop).status == 200
        )
        #expect(transport.requests.count == 1)
    }

    @Test(
        "send(_:authorizedWith:) allows loopback http exactly when the configuration allows an insecure loopback issuer, as User.send does")
    func sendAllowsLoopbackWhenConfigured() async throws {
        let issuer = "http://127.0.0.1:9000"
        let metadata = ProviderMetadata(
            issuer: issuer, authorizationEndpoint: issuer + "/authorize", tokenEndpoint: issuer + "/token", jwksURI: issuer + "/jwks")
        let configuration = try ClientConfiguration(
            issuer: issuer, clientID: "app", redirectURI: "http://127.0.0.1:8000/cb", allowsInsecureLoopbackIssuer: true)
        let transport: ScriptedTransport = .immediate(TransportResponse(status: 200))
        let client = try AuthClient(configuration: configuration, metadata: metadata, transport: transport)
        let tokens = TokenSet(accessToken: "an-access-token-that-must-stay-secret")
        for url in ["http://127.0.0.1:9000/api", "http://localhost:9001/api", "http://[::1]:9002/api"] {
            #expect(try await client.send(TransportRequest(method: .get, url: url), authorizedWith: tokens).status == 200)
        }
        await #expect(throws: AuthClientError.insecureURL(name: "request URL", url: "http://api.example.com/x")) {
            try await client.send(TransportRequest(method: .get, url: "http://api.example.com/x"), authorizedWith: tokens)
        }
        #expect(transport.requests.count == 3)
    }
}
