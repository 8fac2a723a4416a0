// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthHTTP
import AuthJSON
import AuthJWT
import AuthSession
import AuthTesting
import Foundation
import TestVectors
import Testing

/// `Python/ciba-push-id-tokens.json`: push-mode ID tokens signed by joserfc, and at_hash / rt_hash values computed by
/// Python's hashlib (made by `Python/generate_ciba_push.py`).
struct CIBAPushVectors: Decodable {
    struct Hash: Decodable {
        let algorithm: String
        let value: String
        let hash: String
    }
    struct Case: Decodable {
        let name: String
        let algorithm: String
        let token: String
        let accessToken: String
        let refreshToken: String?
        let verdict: String
    }
    let issuer: String
    let clientID: String
    let now: Int64
    let authRequestID: String
    let hashes: [Hash]
    let cases: [Case]
}

@Suite("CIBA push mode on joserfc's ID tokens and hashlib's hashes (CIBA §10.3.1: at_hash, auth_req_id, rt_hash)")
struct BackchannelPushVectorTests {
    static let file = "Python/ciba-push-id-tokens.json"
    static let vectors: CIBAPushVectors = {
        do { return try Vectors.json(file) } catch { fatalError("\(error)") }
    }()

    @Test("the half hash of an access or refresh token by each algorithm is hashlib's (SHA-256, SHA-384, SHA-512 halves)")
    func hashes() throws {
        #expect(Self.vectors.hashes.count == 16)
        for vector in Self.vectors.hashes {
            let algorithm = JWSAlgorithm(rawValue: vector.algorithm)
            #expect(try IDTokenValidator.halfHash(of: vector.value, algorithm: algorithm, matches: vector.hash), "\(vector.algorithm)")
            #expect(try !IDTokenValidator.halfHash(of: vector.value + "x", algorithm: algorithm, matches: vector.hash))
        }
    }

    @Test("CIBA §10.3.1's example hashes: at_hash Wt0kVFXMacqvnHeyU0001w and rt_hash sHahCuSpXCRg5mkDDvvr4w")
    func specificationExample() throws {
        // The access and refresh tokens of the specification's push example, whose ID token carries these hashes.
        #expect(try IDTokenValidator.halfHash(of: "G5kXH2wHvUra0sHlDy1iTkDJgsgUO1bN", algorithm: .rs256, matches: "Wt0kVFXMacqvnHeyU0001w"))
        #expect(
            try IDTokenValidator.halfHash(
                of: "4bwc0ESC_IAhflf-ACC_vjD_ltc11ne-8gFPfA2Kx16", algorithm: .rs256, matches: "sHahCuSpXCRg5mkDDvvr4w"))
    }

    /// A client of the vectors' issuer at their time, whose transport serves their JWK Set.
    static func client() throws -> AuthClient {
        let vectors = Self.vectors
        let document = try #require(try JSONSerialization.jsonObject(with: Vectors.data(file)) as? [String: Any])
        let jwks = try JSONSerialization.data(withJSONObject: try #require(document["jwks"]))
        let metadata = ProviderMetadata(
            issuer: vectors.issuer, authorizationEndpoint: vectors.issuer + "/authorize", tokenEndpoint: vectors.issuer + "/token",
            jwksURI: vectors.issuer + "/jwks")
        var configuration = try ClientConfiguration(
            issuer: vectors.issuer, clientID: vectors.clientID, clientAuthentication: .clientSecretBasic("s"),
            redirectURI: "com.example.app:/oauth/callback")
        configuration.allowedAlgorithms = [.rs256, .ps256, .es256, .ps384, .rs512, .edDSA]
        let transport = ScriptedTransport([TransportResponse(status: 200, body: Array(jwks))], repeatsLast: true)
        return try AuthClient(
            configuration: configuration, metadata: metadata, transport: transport,
            clock: .manual(ManualWallClock(NumericDate(secondsSince1970: vectors.now))))
    }

    @Test(
        "each pushed ID token gets its verdict, through the inbox and awaitBackchannelAuthentication", arguments: vectors.cases.map(\.name))
    func verdict(name: String) async throws {
        let vectors = Self.vectors
        let vector = try #require(vectors.cases.first { $0.name == name })
        var authentication = BackchannelAuthentication(
            authRequestID: vectors.authRequestID, expiresIn: 120, receivedAt: NumericDate(secondsSince1970: vectors.now))
        authentication.deliveryMode = .push
        authentication.clientNotificationToken = "the-notification-token"
        let inbox = BackchannelNotificationInbox()
        inbox.expect(authentication)
        var body = JSONObject()
        try body.append("auth_req_id", .string(vectors.authRequestID))
        try body.append("access_token", .string(vector.accessToken))
        try body.append("token_type", "Bearer")
        try body.append("expires_in", 3600)
        if let refreshToken = vector.refreshToken { try body.append("refresh_token", .string(refreshToken)) }
        try body.append("id_token", .string(vector.token))
        let reply = inbox.receive(authorization: "Bearer the-notification-token", body: JSONValue.object(body).serialized())
        #expect(reply.status == 204)
        let client = try Self.client()
        do {
            let user = try await client.awaitBackchannelAuthentication(authentication, inbox: inbox)
            #expect(vector.verdict == "valid" && user.subject == "248289761001", "\(name) was accepted")
        } catch {
            switch error {
            case .invalidBackchannelPush(let refusal): #expect("\(refusal)" == Self.description(vector.verdict), "\(name)")
            case .idToken(.accessTokenHashMismatch): #expect(vector.verdict == "accessTokenHashMismatch", "\(name)")
            default: Issue.record("\(name): \(error)")
            }
        }
    }

    /// The description of the refusal a verdict names.
    static func description(_ verdict: String) -> String {
        let refusals: [String: BackchannelPushRefusal] = [
            "missingAccessTokenHash": .missingAccessTokenHash, "missingAuthRequestIDClaim": .missingAuthRequestIDClaim,
            "authRequestIDClaimMismatch": .authRequestIDClaimMismatch, "missingRefreshTokenHash": .missingRefreshTokenHash,
            "refreshTokenHashMismatch": .refreshTokenHashMismatch,
        ]
        return refusals[verdict].map { "\($0)" } ?? "(no refusal for verdict \(verdict))"
    }
}
