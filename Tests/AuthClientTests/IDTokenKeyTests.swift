// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthJSON
import AuthJWT
import AuthTesting
import Testing

/// Where an ID token's key comes from besides the JWK Set: HS256 with the client secret (OpenID Connect
/// Core §10.1), and the optional limit on a token's age (§3.1.3.7 step 10).
@Suite("ID-token keys: HS256 with the client secret, kid or not; the optional age limit")
struct IDTokenKeyTests {
    static let provider = FakeOpenIDProvider()
    static let secret = "a-client-secret-that-only-the-tests-know"
    static let start = NumericDate(secondsSince1970: 1_800_000_000)

    /// A client of the fake provider with `authentication`, HS256 allowed, whose every request fails loudly.
    static func client(
        _ authentication: ClientAuthentication = .clientSecretBasic(secret), at time: NumericDate = start,
        configure: (inout ClientConfiguration) -> Void = { _ in }
    ) throws -> (AuthClient, UnimplementedTransport) {
        var configuration = try provider.clientConfiguration
        configuration.clientAuthentication = authentication
        configuration.allowedAlgorithms = [.hs256, .rs256]
        configure(&configuration)
        let transport = UnimplementedTransport("HS256 validation needs no JWK Set")
        return (
            try AuthClient(configuration: configuration, metadata: provider.metadata, transport: transport, clock: .fixed(time)), transport
        )
    }

    static func token(_ key: TestSigningKey, issuedAt: Int64 = 1_800_000_000) -> String {
        let claims: JSONValue = [
            "iss": .string(provider.configuration.issuer), "aud": .string(provider.configuration.clientID), "sub": "alice",
            "iat": .number(JSONNumber(issuedAt)), "exp": .number(JSONNumber(issuedAt + 3600)),
        ]
        var generator = SeededRandomNumberGenerator(seed: 1)
        return key.sign(claims: claims.objectValue ?? JSONObject(), using: &generator)
    }

    @Test(
        "an HS256 token verifies with the client secret whatever kid it names, and no JWK Set is fetched",
        arguments: [nil, "k1", "a-kid-the-jwks-never-had"])
    func clientSecretWithKeyID(keyID: String?) async throws {
        for authentication in [ClientAuthentication.clientSecretBasic(Self.secret), .clientSecretPost(Self.secret)] {
            let (client, transport) = try Self.client(authentication)
            let token = Self.token(.hs256(secret: Self.secret, keyID: keyID))
            let idToken = try await client.validateIDToken(token, nonce: nil)
            #expect(idToken.subject == "alice")
            #expect(idToken.signingKey.keyID == keyID)
            #expect(transport.callCount == 0)
            #expect(await client.keySetFetchCount == 0)
        }
    }

    @Test("a login whose HS256 ID token names a kid succeeds without a JWK Set request")
    func loginWithKeyID() async throws {
        let fixture = try Fixture(signingKey: .hs256(secret: Fixture.secret, keyID: "provider-kid"))
        let user = try await fixture.login()
        #expect(user.subject == "alice")
        #expect(await fixture.client.keySetFetchCount == 0)
        #expect(fixture.provider.requestCount(.jwks) == 0)
    }

    @Test("an HS256 MAC that fails while the header names a kid says the provider may be using a key of its own")
    func secretMismatch() async throws {
        let (client, transport) = try Self.client()
        let other = "the-provider's-own-key-which-the-client-cannot-have"
        let error = await KeySetCacheTests.failure(client, Self.token(.hs256(secret: other, keyID: "provider-key")))
        guard case .idTokenSecretMismatch(keyID: "provider-key")? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(error?.code == 10023)
        let description = error?.description ?? ""
        #expect(description.contains("key of its own") && description.contains("'provider-key'"))
        #expect(!description.contains(Self.secret) && !description.contains(other))
        // Without a kid it is a plain bad signature.
        guard case .idToken(.invalidSignature)? = await KeySetCacheTests.failure(client, Self.token(.hs256(secret: other))) else {
            Issue.record("not invalidSignature")
            return
        }
        #expect(transport.callCount == 0)
    }

    @Test("HS256 not allowed, or a public client with no secret: refused without a JWK Set request")
    func hs256Refusals() async throws {
        let token = Self.token(.hs256(secret: Self.secret, keyID: "k1"))
        let (rs256Only, transport) = try Self.client { $0.allowedAlgorithms = [.rs256] }
        guard case .idToken(.algorithmNotAllowed("HS256"))? = await KeySetCacheTests.failure(rs256Only, token) else {
            Issue.record("HS256 accepted or refused for another reason")
            return
        }
        let (publicClient, publicTransport) = try Self.client(.none)
        guard case .idToken(.noMatchingKey("k1", "HS256"))? = await KeySetCacheTests.failure(publicClient, token) else {
            Issue.record("a public client verified HS256")
            return
        }
        #expect(transport.callCount == 0 && publicTransport.callCount == 0)
    }

    @Test("maximumIDTokenAgeSeconds refuses a token whose iat is older; off by default")
    func maximumAge() async throws {
        let token = Self.token(.hs256(secret: Self.secret))  // iat = start
        let later = Self.start.adding(seconds: 600)
        let (byDefault, _) = try Self.client(at: later)
        #expect(byDefault.configuration.maximumIDTokenAgeSeconds == nil)
        _ = try await byDefault.validateIDToken(token, nonce: nil)
        let (exactly, _) = try Self.client(at: later) { $0.maximumIDTokenAgeSeconds = 600 }
        _ = try await exactly.validateIDToken(token, nonce: nil)
        let (strict, _) = try Self.client(at: later) { $0.maximumIDTokenAgeSeconds = 599 }
        let error = await KeySetCacheTests.failure(strict, token)
        guard case .idToken(.issuedTooLongAgo(issuedAt: Self.start, now: later, maximumAgeSeconds: 599))? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        let (negative, _) = try Self.client { $0.maximumIDTokenAgeSeconds = -1 }
        guard case .invalidConfiguration? = await KeySetCacheTests.failure(negative, token) else {
            Issue.record("a negative age accepted")
            return
        }
    }
}
