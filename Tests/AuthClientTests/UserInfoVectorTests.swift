// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthJSON
import AuthJWT
import AuthTesting
import Foundation
import TestVectors
import Testing

/// `Python/userinfo-claims.json`: signed userinfo answers and aggregated claims made by joserfc
/// (`Python/generate_userinfo.py`).
struct UserInfoClaimVectors: Decodable {
    struct SignedCase: Decodable {
        let name: String
        let token: String
        let verdict: String
        let email: String?
    }
    struct AggregatedCase: Decodable {
        let name: String
        let verdict: String
    }
    let issuer: String
    let clientID: String
    let subject: String
    let now: Int64
    let claimsIssuer: String
    let userinfo: [SignedCase]
    let aggregated: [AggregatedCase]
}

/// Answers each URL from a table; 404 for any other.
private struct RoutedTransport: HTTPTransport {
    let routes: [String: [UInt8]]

    func send(_ request: TransportRequest) async throws(AuthHTTPError) -> TransportResponse {
        guard let body = routes[request.url] else { return TransportResponse(status: 404) }
        return TransportResponse(status: 200, body: body)
    }
}

@Suite("Signed userinfo and aggregated claims made by joserfc: AuthFlow accepts exactly the valid ones")
struct UserInfoVectorTests {
    static let vectors: UserInfoClaimVectors = {
        do { return try Vectors.json("Python/userinfo-claims.json") } catch { fatalError("\(error)") }
    }()

    static func document() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Vectors.data("Python/userinfo-claims.json")) as? [String: Any])
    }

    /// A client of the vectors' issuer at their time; the transport serves the issuer's JWK Set and the
    /// claims provider's discovery document and JWK Set.
    static func client() throws -> AuthClient {
        let vectors = Self.vectors
        let document = try Self.document()
        let jwks = try JSONSerialization.data(withJSONObject: try #require(document["jwks"]))
        let claimsJWKS = try JSONSerialization.data(withJSONObject: try #require(document["claimsJWKS"]))
        let claimsDiscovery = try JSONSerialization.data(withJSONObject: [
            "issuer": vectors.claimsIssuer, "authorization_endpoint": vectors.claimsIssuer + "/authorize",
            "token_endpoint": vectors.claimsIssuer + "/token", "jwks_uri": vectors.claimsIssuer + "/jwks",
        ])
        let transport = RoutedTransport(routes: [
            vectors.issuer + "/jwks": Array(jwks), vectors.claimsIssuer + "/jwks": Array(claimsJWKS),
            vectors.claimsIssuer + "/.well-known/openid-configuration": Array(claimsDiscovery),
        ])
        let metadata = ProviderMetadata(
            issuer: vectors.issuer, authorizationEndpoint: vectors.issuer + "/authorize", tokenEndpoint: vectors.issuer + "/token",
            jwksURI: vectors.issuer + "/jwks", userinfoEndpoint: vectors.issuer + "/userinfo")
        var configuration = try ClientConfiguration(
            issuer: vectors.issuer, clientID: vectors.clientID, redirectURI: "com.example.app:/oauth/callback")
        configuration.allowedAlgorithms = [.rs256, .es256, .hs256]
        return try AuthClient(
            configuration: configuration, metadata: metadata, transport: transport,
            clock: .manual(ManualWallClock(NumericDate(secondsSince1970: vectors.now))))
    }

    @Test("each signed userinfo vector gets its verdict", arguments: vectors.userinfo.map(\.name))
    func signed(name: String) async throws {
        let vector = try #require(Self.vectors.userinfo.first { $0.name == name })
        let response = TransportResponse(
            status: 200, headerFields: [HeaderField(name: "Content-Type", value: "application/jwt; charset=utf-8")],
            body: Array(vector.token.utf8))
        let client = try Self.client()
        let result: Result<UserInfo, AuthClientError>
        do {
            result = .success(try await client.userInfo(from: response, expectedSubject: Self.vectors.subject))
        } catch {
            result = .failure(error)
        }
        switch (vector.verdict, result) {
        case ("valid", .success(let info)):
            #expect(try info.claims.email == vector.email)
            #expect(info.signingAlgorithm == .rs256)
        case ("iss", .failure(.invalidSignedUserInfo(_, .issuerMismatch?))),
            ("aud", .failure(.invalidSignedUserInfo(_, .audienceMismatch?))),
            ("signature", .failure(.invalidSignedUserInfo(_, .invalidSignature?))), ("exp", .failure(.invalidSignedUserInfo(_, .expired?))),
            ("alg", .failure(.invalidSignedUserInfo(_, .unsecuredTokenRejected?))),
            ("alg", .failure(.invalidSignedUserInfo(_, .algorithmNotAllowed?))), ("sub", .failure(.userInfoSubjectMismatch)),
            ("encrypted", .failure(.encryptedUserInfo)):
            break
        default:
            Issue.record("\(name): expected \(vector.verdict), got \(result)")
        }
    }

    @Test("each aggregated-claims vector gets its verdict", arguments: vectors.aggregated.map(\.name))
    func aggregated(name: String) async throws {
        let vector = try #require(Self.vectors.aggregated.first { $0.name == name })
        let cases = try #require(try Self.document()["aggregated"] as? [[String: Any]])
        let raw = try #require(cases.first { $0["name"] as? String == name })
        let body = try JSONSerialization.data(withJSONObject: try #require(raw["userinfo"]))
        let info = try UserInfo(json: Array(body))
        let policy = ClaimSourcePolicy(trustedIssuers: [Self.vectors.claimsIssuer])
        let client = try Self.client()
        let result: Result<UserInfo, AuthClientError>
        do {
            result = .success(try await client.resolvingClaimSources(of: info, policy: policy))
        } catch {
            result = .failure(error)
        }
        switch (vector.verdict, result) {
        case ("valid", .success(let merged)):
            let expected = try #require(raw["merged"] as? [String: Any])
            let expectedJSON = try JSONValue(parsing: Array(JSONSerialization.data(withJSONObject: expected, options: .sortedKeys)))
            let actualJSON = try JSONValue(
                parsing: Array(
                    JSONSerialization.data(
                        withJSONObject: try JSONSerialization.jsonObject(with: Data(JSONValue.object(merged.claims.object).serialized())),
                        options: .sortedKeys)))
            #expect(actualJSON == expectedJSON)
        case ("untrusted", .failure(.untrustedClaimSource(source: "src1", _))),
            ("signature", .failure(.invalidClaimSource(source: "src1", _, .invalidSignature?))),
            ("missing", .failure(.invalidClaimSource(source: "src1", _, nil))), ("conflict", .failure(.claimSourceConflict(claim: "name"))):
            break
        default:
            Issue.record("\(name): expected \(vector.verdict), got \(result)")
        }
    }
}
