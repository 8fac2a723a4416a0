// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthCredentials
import AuthHTTP
import AuthJWT
import AuthTesting
import Foundation
import TestVectors
import Testing

/// `Python/idpyoidc-logout-tokens.json`: logout tokens that IdentityPython's idpyoidc 5.0.0 signed and POSTed
/// to two clients' back-channel endpoints after "log out of every client", recorded as they arrived, with the
/// ID token idpyoidc gave each client and its JWK Set (made by `Python/generate_idpyoidc_logout_tokens.py`).
struct IdpyOIDCLogoutTokenVectors: Decodable {
    struct Case: Decodable {
        let name: String
        let clientID: String
        /// The POST's form body, as it arrived.
        let form: String
        let token: String
        let idToken: String
        /// The token's `iat`.
        let now: Int64
    }
    let source: String
    let issuer: String
    let cases: [Case]
}

@Suite(
    "Logout tokens idpyoidc issued: each ends its client's stored session (by sid), and is refused when replayed, changed or sent to another client"
)
struct LogoutTokenIdpyOIDCVectorTests {
    static let file = "Python/idpyoidc-logout-tokens.json"
    static let vectors: IdpyOIDCLogoutTokenVectors = {
        do { return try Vectors.json(file) } catch { fatalError("\(error)") }
    }()

    static func jwks() throws -> [UInt8] {
        let document = try #require(try JSONSerialization.jsonObject(with: Vectors.data(file)) as? [String: Any])
        return Array(try JSONSerialization.data(withJSONObject: try #require(document["jwks"])))
    }

    /// A client `clientID` of idpyoidc's issuer at `now` (ES256 and RS256 allowed), whose transport serves the JWK Set.
    static func client(_ clientID: String, now: Int64, store: some CredentialStore = InMemoryCredentialStore()) throws -> AuthClient {
        let issuer = vectors.issuer
        let metadata = ProviderMetadata(
            issuer: issuer, authorizationEndpoint: issuer + "/authorization", tokenEndpoint: issuer + "/token", jwksURI: issuer + "/jwks")
        var configuration = try ClientConfiguration(
            issuer: issuer, clientID: clientID, redirectURI: "com.example.authflow:/callback", allowsInsecureLoopbackIssuer: true)
        configuration.allowedAlgorithms = [.es256, .rs256]
        let transport = ScriptedTransport([TransportResponse(status: 200, body: try jwks())], repeatsLast: true)
        return try AuthClient(
            configuration: configuration, metadata: metadata, transport: transport, store: store,
            clock: .manual(ManualWallClock(NumericDate(secondsSince1970: now))))
    }

    static func refusal(_ body: () async throws -> Any) async -> LogoutTokenRefusal? {
        do {
            _ = try await body()
        } catch {
            if case .invalidLogoutToken(let refusal)? = error as? AuthClientError { return refusal }
        }
        return nil
    }

    @Test("the file has idpyoidc's two tokens, one ES256 and one RS256, each with sid and no sub, typ or nonce")
    func shape() throws {
        #expect(Self.vectors.source.hasPrefix("idpyoidc 5.0.0"))
        let tokens = try Self.vectors.cases.map { try JWT(compact: $0.token) }
        #expect(Set(tokens.map(\.header.algorithm)) == [.es256, .rs256])
        for token in tokens {
            #expect(token.header.type == nil)
            #expect(try token.claims.string("sid") != nil)
            #expect(try token.claims.subject == nil)
            #expect(token.claims["nonce"] == nil)
        }
    }

    @Test(
        "POSTed to its client's endpoint, the form idpyoidc sent ends the stored session whose ID token has its sid; the same form again is a replay",
        arguments: vectors.cases.map(\.name))
    func endsSession(name: String) async throws {
        let vector = try #require(Self.vectors.cases.first { $0.name == name })
        let store = InMemoryCredentialStore()
        let grant = GrantIdentity(issuer: Self.vectors.issuer, clientID: vector.clientID)
        let subject = try #require(try JWT(compact: vector.idToken).claims.subject)
        _ = await store.save(StoredCredential(user: subject, grant: grant, tokens: TokenSet(accessToken: "at", idToken: vector.idToken)))
        let client = try Self.client(vector.clientID, now: vector.now, store: store)

        let answer = await client.backChannelLogoutResponse(formBody: Array(vector.form.utf8))
        #expect(answer.status == 200)
        #expect(await store.credential(for: subject, grant: grant) == nil)

        let replay = await client.backChannelLogoutResponse(formBody: Array(vector.form.utf8))
        #expect(replay.status == 400)
        #expect(await Self.refusal { try await client.validateLogoutToken(vector.token) } == .replayed)
    }

    @Test("a session with another sid is not ended by it", arguments: vectors.cases.map(\.name))
    func otherSession(name: String) async throws {
        let vector = try #require(Self.vectors.cases.first { $0.name == name })
        // The other case's ID token: same user and provider, another client's session (another sid).
        let other = try #require(Self.vectors.cases.first { $0.name != name })
        let store = InMemoryCredentialStore()
        let grant = GrantIdentity(issuer: Self.vectors.issuer, clientID: vector.clientID)
        let subject = try #require(try JWT(compact: other.idToken).claims.subject)
        _ = await store.save(StoredCredential(user: subject, grant: grant, tokens: TokenSet(accessToken: "at", idToken: other.idToken)))
        let client = try Self.client(vector.clientID, now: vector.now, store: store)
        let ended = try await client.handleBackChannelLogout(vector.token)
        #expect(ended.isEmpty)
        #expect(await store.credential(for: subject, grant: grant) != nil)
    }

    @Test("refused by the other client (aud), with a changed signature, and after the maximum age", arguments: vectors.cases.map(\.name))
    func refused(name: String) async throws {
        let vector = try #require(Self.vectors.cases.first { $0.name == name })
        let other = try #require(Self.vectors.cases.first { $0.name != name })
        let atOther = await Self.refusal { try await Self.client(other.clientID, now: vector.now).validateLogoutToken(vector.token) }
        #expect(atOther == .jwt(.audienceMismatch(expected: other.clientID, actual: [vector.clientID])))

        let parts = vector.token.split(separator: ".").map(String.init)
        let signature = Array(parts[2])
        let flipped = [parts[0], parts[1], String([signature[0] == "A" ? "B" : "A"] + signature.dropFirst())].joined(separator: ".")
        let changed = await Self.refusal { try await Self.client(vector.clientID, now: vector.now).validateLogoutToken(flipped) }
        #expect(changed == .jwt(.invalidSignature))

        // idpyoidc's exp is a day after iat; AuthFlow's maximum age of iat (300 s + 60 s leeway) still applies.
        let late = vector.now + LogoutToken.defaultMaximumAgeSeconds + 61
        let stale = await Self.refusal { try await Self.client(vector.clientID, now: late).validateLogoutToken(vector.token) }
        guard case .jwt(.issuedTooLongAgo)? = stale else {
            Issue.record("expected issuedTooLongAgo, got \(String(describing: stale))")
            return
        }
        // The same token one second earlier is accepted: the bound above is the maximum age, not another check.
        let inTime = try await Self.client(vector.clientID, now: late - 1).validateLogoutToken(vector.token)
        #expect(inTime.sessionID == (try JWT(compact: vector.idToken).claims.string("sid")))
    }
}
