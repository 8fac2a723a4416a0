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
import Testing

/// The fake provider's registrations as `authflow provider` uses them: loopback redirect URIs on any port
/// (RFC 8252 §7.3), and a confidential client beside the public one.
@Suite("FakeOpenIDProvider: loopback redirect URIs on any port, and more than one client")
struct FakeProviderClientsTests {
    static func provider() -> FakeOpenIDProvider {
        var configuration = FakeOpenIDProvider.Configuration()
        configuration.redirectURIs = ["http://127.0.0.1/callback", "http://[::1]:8080/cb", "com.example.app:/oauth/callback"]
        configuration.additionalClients = ["secret-app": .clientSecretBasic("s3cret")]
        return FakeOpenIDProvider(configuration)
    }

    @Test("a registered loopback redirect URI matches any port, but nothing else about it may differ")
    func anyPort() {
        let provider = Self.provider()
        for accepted in [
            "http://127.0.0.1/callback", "http://127.0.0.1:53124/callback", "http://127.0.0.1:1/callback", "http://[::1]:8080/cb",
            "http://[::1]:40000/cb", "com.example.app:/oauth/callback",
        ] {
            #expect(provider.isRegisteredRedirectURI(accepted), "\(accepted)")
        }
        for refused in [
            "http://127.0.0.1:53124/other", "http://127.0.0.1:53124/callback?x=1", "http://localhost:53124/callback",
            "https://127.0.0.1:53124/callback", "http://127.0.0.2:53124/callback", "http://[::1]:40000/callback",
            "com.example.app:/oauth/callbackx", "http://127.0.0.1:53124/callback#f",
        ] {
            #expect(!provider.isRegisteredRedirectURI(refused), "\(refused)")
        }
    }

    @Test("a login with a listener's port works end to end, and the ID token's aud is the client that asked")
    func loopbackLogin() async throws {
        let provider = Self.provider()
        for (clientID, authentication) in [("demo-app", ClientAuthentication.none), ("secret-app", .clientSecretBasic("s3cret"))] {
            let configuration = try ClientConfiguration(
                issuer: provider.configuration.issuer, clientID: clientID, clientAuthentication: authentication,
                redirectURI: "http://127.0.0.1:49152/callback", scopes: [.openID, .email])
            let client = try await AuthClient.discover(configuration, transport: provider)
            let user = try await client.login(with: provider.browser(.approve(subject: "alice")))
            let idToken = try #require(await user.tokens?.idToken)
            #expect(try JWT(compact: idToken).claims.audience == [clientID])
            // The refresh is bound to the client too, and keeps its audience.
            let refreshed = try await user.refreshTokens()
            #expect(try JWT(compact: try #require(refreshed.idToken)).claims.audience == [clientID])
        }
    }

    @Test("the confidential client must authenticate, with its own secret, and cannot redeem the public client's grants")
    func confidentialClient() async throws {
        let provider = Self.provider()
        func token(_ body: String, basic: String? = nil) async throws -> TransportResponse {
            var request = TransportRequest(method: .post, url: provider.url(of: .token), body: Array(body.utf8))
            request.setHeader("Content-Type", "application/x-www-form-urlencoded")
            if let basic { request.setHeader("Authorization", "Basic " + basic) }
            return try await provider.send(request)
        }
        // "secret-app:s3cret" and "secret-app:wrong" in base64 (RFC 4648 §4), computed with Python's base64 module.
        #expect(try await token("grant_type=refresh_token&refresh_token=x&client_id=secret-app").status == 401)
        #expect(try await token("grant_type=refresh_token&refresh_token=x", basic: "c2VjcmV0LWFwcDp3cm9uZw==").status == 401)
        let known = try await token("grant_type=refresh_token&refresh_token=x", basic: "c2VjcmV0LWFwcDpzM2NyZXQ=")
        #expect(known.status == 400, "authenticated, then refused for the unknown refresh token")

        // A refresh token issued to the public client is refused to the confidential one.
        let configuration = try ClientConfiguration(
            issuer: provider.configuration.issuer, clientID: "demo-app", redirectURI: "com.example.app:/oauth/callback")
        let client = try await AuthClient.discover(configuration, transport: provider)
        let user = try await client.login(with: provider.browser(.approve(subject: "alice")))
        let refreshToken = try #require(await user.tokens?.refreshToken)
        let stolen = try await token("grant_type=refresh_token&refresh_token=\(refreshToken)", basic: "c2VjcmV0LWFwcDpzM2NyZXQ=")
        #expect(stolen.status == 400 && String(decoding: stolen.body, as: UTF8.self).contains("invalid_grant"))
        let document = try #require(try JSONValue(parsing: provider.discoveryDocument.serialized()).objectValue)
        #expect(document["token_endpoint_auth_methods_supported"] == ["none", "client_secret_basic"])
    }

    @Test("a client_secret_jwt client beside the others gets resource-bound tokens of its own, and another client cannot revoke them")
    func bindingWithTheNewerFeatures() async throws {
        var providerConfiguration = FakeOpenIDProvider.Configuration()
        providerConfiguration.redirectURIs = ["http://127.0.0.1/callback"]
        providerConfiguration.additionalClients = [
            "secret-app": .clientSecretBasic("s3cret"), "jwt-app": .clientSecretJWT("a-long-shared-secret"),
        ]
        let provider = FakeOpenIDProvider(providerConfiguration)
        var configuration = try ClientConfiguration(
            issuer: provider.configuration.issuer, clientID: "jwt-app", clientAuthentication: .clientSecretJWT("a-long-shared-secret"),
            redirectURI: "http://127.0.0.1:49152/callback", scopes: [.openID])
        configuration.resources = ["https://api.authflow.test/"]
        let client = try await AuthClient.discover(configuration, transport: provider)
        let user = try await client.login(with: provider.browser(.approve(subject: "alice")))
        let tokens = try #require(await user.tokens)
        #expect(try JWT(compact: try #require(tokens.idToken)).claims.audience == ["jwt-app"])
        #expect(provider.audience(ofAccessToken: tokens.accessToken) == ["https://api.authflow.test/"])

        // RFC 7009 §2.1: "secret-app" authenticates, but the token is not its own: it stays.
        var revoke = TransportRequest(
            method: .post, url: provider.url(of: .revocation), body: Array("token=\(tokens.accessToken)".utf8))
        revoke.setHeader("Content-Type", "application/x-www-form-urlencoded")
        revoke.setHeader("Authorization", "Basic c2VjcmV0LWFwcDpzM2NyZXQ=")
        #expect(try await provider.send(revoke).status == 200)
        #expect(provider.audience(ofAccessToken: tokens.accessToken) != nil)
    }
}
