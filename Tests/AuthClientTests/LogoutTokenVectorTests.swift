// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthHTTP
import AuthJWT
import AuthTesting
import Foundation
import TestVectors
import Testing

/// `Python/logout-tokens.json`: logout tokens signed by joserfc (made by `Python/generate_logout_tokens.py`).
struct LogoutTokenVectors: Decodable {
    typealias Case = TokenVerdict
    let issuer: String
    let clientID: String
    let now: Int64
    let maximumAgeSeconds: Int64
    let leewaySeconds: Int64
    let cases: [Case]
}

@Suite("Logout tokens made by joserfc: AuthFlow accepts exactly the valid ones, refusing each for the §2.6 rule it breaks")
struct LogoutTokenVectorTests {
    static let vectors: LogoutTokenVectors = {
        do { return try Vectors.json("Python/logout-tokens.json") } catch { fatalError("\(error)") }
    }()

    static func jwks() throws -> [UInt8] {
        let document = try #require(try JSONSerialization.jsonObject(with: Vectors.data("Python/logout-tokens.json")) as? [String: Any])
        return Array(try JSONSerialization.data(withJSONObject: try #require(document["jwks"])))
    }

    /// A client of the vectors' issuer at their time (ES256 allowed), whose transport serves their JWK Set.
    static func client() throws -> AuthClient {
        let vectors = Self.vectors
        let metadata = ProviderMetadata(
            issuer: vectors.issuer, authorizationEndpoint: vectors.issuer + "/authorize", tokenEndpoint: vectors.issuer + "/token",
            jwksURI: vectors.issuer + "/jwks")
        var configuration = try ClientConfiguration(
            issuer: vectors.issuer, clientID: vectors.clientID, redirectURI: "com.example.app:/oauth/callback")
        configuration.allowedAlgorithms = [.es256, .rs256]
        configuration.leewaySeconds = vectors.leewaySeconds
        let transport = ScriptedTransport([TransportResponse(status: 200, body: try jwks())], repeatsLast: true)
        return try AuthClient(
            configuration: configuration, metadata: metadata, transport: transport,
            clock: .manual(ManualWallClock(NumericDate(secondsSince1970: vectors.now))))
    }

    static func name(_ refusal: LogoutTokenRefusal) -> String {
        switch refusal {
        case .encrypted: "encrypted"
        case .unsigned: "unsigned"
        case .type: "type"
        case .jwt: "jwt"
        case .missingJWTID: "missingJWTID"
        case .missingEvent: "missingEvent"
        case .eventNotObject: "eventNotObject"
        case .missingSubjectAndSession: "missingSubjectAndSession"
        case .nonce: "nonce"
        case .replayed: "replayed"
        case .replayCacheFull: "replayCacheFull"
        }
    }

    @Test("each vector gets its verdict from the client", arguments: vectors.cases.map(\.name))
    func verdict(name: String) async throws {
        let vector = try #require(Self.vectors.cases.first { $0.name == name })
        let client = try Self.client()
        do {
            let token = try await client.validateLogoutToken(vector.token, maximumAgeSeconds: Self.vectors.maximumAgeSeconds)
            #expect(vector.verdict == "valid", "accepted")
            #expect(token.issuer == Self.vectors.issuer)
            #expect(token.subject != nil || token.sessionID != nil)
        } catch .invalidLogoutToken(let refusal) {
            #expect(Self.name(refusal) == vector.verdict, "\(refusal)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("each vector gets the same verdict from LogoutToken with the JWK Set alone", arguments: vectors.cases.map(\.name))
    func offlineVerdict(name: String) throws {
        let vector = try #require(Self.vectors.cases.first { $0.name == name })
        let keys = try JWKSet(json: try Self.jwks())
        do {
            _ = try LogoutToken(
                validating: vector.token, keys: keys, issuer: Self.vectors.issuer, clientID: Self.vectors.clientID,
                allowedAlgorithms: [.es256, .rs256], now: NumericDate(secondsSince1970: Self.vectors.now),
                leewaySeconds: Self.vectors.leewaySeconds, maximumAgeSeconds: Self.vectors.maximumAgeSeconds)
            #expect(vector.verdict == "valid", "accepted")
        } catch {
            #expect(Self.name(error) == vector.verdict, "\(error)")
        }
    }

    @Test("a valid token delivered twice is refused the second time as a replay (§2.6 step 8)")
    func replay() async throws {
        let client = try Self.client()
        let token = try #require(Self.vectors.cases.first { $0.verdict == "valid" }).token
        _ = try await client.validateLogoutToken(token)
        await #expect(throws: AuthClientError.invalidLogoutToken(.replayed)) { try await client.validateLogoutToken(token) }
    }

    @Test("the in-memory replay cache is bounded: full of unexpired tokens it refuses a new one, and takes it once one expired")
    func boundedReplayCache() async {
        let time = ManualWallClock(NumericDate(secondsSince1970: 1_000))
        let cache = InMemoryLogoutTokenReplayCache(capacity: 1, now: { time.now.secondsSince1970 })
        #expect(cache.capacity == 1)
        #expect(await cache.insert("a", issuer: "https://op.example.com", expiresAt: 1_100))
        #expect(await !cache.insert("a", issuer: "https://op.example.com", expiresAt: 1_100))
        #expect(await cache.insert("a", issuer: "https://other.example.com", expiresAt: 1_100) == false)
        time.advance(by: 200)
        #expect(await cache.insert("b", issuer: "https://op.example.com", expiresAt: 1_400))
    }

    @Test("a maximum age of 9223372036854775807 (Int64.max) does not trap: a valid token is accepted, offline and by the client")
    func maximalAge() async throws {
        let token = try #require(Self.vectors.cases.first { $0.verdict == "valid" }).token
        let keys = try JWKSet(json: try Self.jwks())
        let offline = try LogoutToken(
            validating: token, keys: keys, issuer: Self.vectors.issuer, clientID: Self.vectors.clientID,
            allowedAlgorithms: [.es256, .rs256],
            now: NumericDate(secondsSince1970: Self.vectors.now), leewaySeconds: Self.vectors.leewaySeconds, maximumAgeSeconds: .max)
        #expect(offline.issuer == Self.vectors.issuer)
        let client = try Self.client()
        _ = try await client.validateLogoutToken(token, maximumAgeSeconds: .max)
        await #expect(throws: AuthClientError.invalidLogoutToken(.replayed)) {
            try await client.validateLogoutToken(token, maximumAgeSeconds: .max)
        }
    }

    @Test("the in-memory replay cache tells a replay (false) from a full cache (nil)")
    func replayCacheAnswers() async {
        let time = ManualWallClock(NumericDate(secondsSince1970: 1_000))
        let cache = InMemoryLogoutTokenReplayCache(capacity: 1, now: { time.now.secondsSince1970 })
        #expect(await cache.remember("a", issuer: "https://op.example.com", expiresAt: 1_100) == true)
        #expect(await cache.remember("a", issuer: "https://op.example.com", expiresAt: 1_100) == false)
        #expect(await cache.remember("b", issuer: "https://op.example.com", expiresAt: 1_100) == nil)
    }
}
