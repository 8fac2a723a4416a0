// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthHTTP
import AuthJWT
import AuthSession
import AuthTesting
import Foundation
import TestVectors
import Testing

/// `Python/fapi2-id-tokens.json`: ID tokens signed by joserfc with each algorithm (made by `Python/generate_fapi2.py`).
struct FAPI2IDTokenVectors: Decodable {
    typealias Case = TokenVerdict
    let issuer: String
    let clientID: String
    let nonce: String
    let now: Int64
    let cases: [Case]
}

@Suite("FAPI 2.0 algorithms on joserfc's ID tokens: PS256, ES256 and EdDSA accepted; RS256, RS384, PS384, HS256 and none refused")
struct FAPI2VectorTests {
    static let vectors: FAPI2IDTokenVectors = {
        do { return try Vectors.json("Python/fapi2-id-tokens.json") } catch { fatalError("\(error)") }
    }()

    /// A client of the vectors' issuer at their time, whose transport serves their JWK Set: with the FAPI 2.0
    /// profile, or (`fapi2: false`) an ordinary client that accepts every asymmetric algorithm.
    static func client(fapi2: Bool) throws -> AuthClient {
        let vectors = Self.vectors
        let document = try #require(try JSONSerialization.jsonObject(with: Vectors.data("Python/fapi2-id-tokens.json")) as? [String: Any])
        let jwks = try JSONSerialization.data(withJSONObject: try #require(document["jwks"]))
        var metadata = ProviderMetadata(
            issuer: vectors.issuer, authorizationEndpoint: vectors.issuer + "/authorize", tokenEndpoint: vectors.issuer + "/token",
            jwksURI: vectors.issuer + "/jwks", authorizationResponseIssuerParameterSupported: true)
        metadata.pushedAuthorizationRequestEndpoint = vectors.issuer + "/par"
        var configuration = try ClientConfiguration(
            issuer: vectors.issuer, clientID: vectors.clientID,
            clientAuthentication: .privateKeyJWT(ClientAssertionKey(FAPI2Fixture.clientKey), audience: .issuer),
            redirectURI: "com.example.app:/oauth/callback")
        if fapi2 { configuration.adopt(.securityProfile) }
        let transport = ScriptedTransport([TransportResponse(status: 200, body: Array(jwks))], repeatsLast: true)
        return try AuthClient(
            configuration: configuration, metadata: metadata, transport: transport,
            clock: .manual(ManualWallClock(NumericDate(secondsSince1970: vectors.now))))
    }

    @Test("each vector gets its verdict under the FAPI 2.0 profile", arguments: vectors.cases.map(\.name))
    func verdict(name: String) async throws {
        let vector = try #require(Self.vectors.cases.first { $0.name == name })
        let client = try Self.client(fapi2: true)
        do {
            let token = try await client.validateIDToken(vector.token, nonce: Self.vectors.nonce)
            #expect(vector.verdict == "valid" && token.subject == "alice", "\(name) was accepted")
        } catch {
            switch error {
            case .idToken(.algorithmNotAllowed), .idToken(.unsecuredTokenRejected):
                #expect(vector.verdict == "alg", "\(name): \(error)")
            default:
                Issue.record("\(name): \(error)")
            }
        }
    }

    @Test("the RSA PKCS#1 v1.5 tokens verify for an ordinary client: the refusal is the profile's")
    func ordinaryClientAccepts() async throws {
        let client = try Self.client(fapi2: false)
        for name in ["RS256", "RS384"] {
            let vector = try #require(Self.vectors.cases.first { $0.name == name })
            #expect(try await client.validateIDToken(vector.token, nonce: Self.vectors.nonce).subject == "alice", "\(name)")
        }
    }
}
